// The REST contract's shapes: the first implementation's field names (`_id`, `timestamp`, …), kept
// so its clients cannot tell the difference. Services answer plain rows; routes shape them here.
import { isClosed } from "@/lib/dates";
import { resultsHidden, visibleCounts, type ResultsViewer } from "@/lib/results-visibility";
import type { ContactMessageRow } from "@/lib/services/contact";
import type { PaymentRow } from "@/lib/services/payments";
import type { PublicSurvey } from "@/lib/services/surveys";
import type { FeedbackRow } from "@/lib/services/surveyor-workspace";
import type { Role } from "@/models";

/** A row with its `id` named `_id`, every other field as it is. */
export function withMongoId<T extends { id: string }>({ id, ...rest }: T): Omit<T, "id"> & { _id: string } {
  return { _id: id, ...rest };
}

/**
 * A survey. Voter lists, comments, reports and feedback are never part of it. `hidden`: its counts
 * are withheld from this viewer (lib/results-visibility.ts): `yesCount`, `noCount`, `totalVotes` and
 * `stats` are then null, and `resultsHidden` says why.
 */
export function toSurveyJson(survey: PublicSurvey, hidden: boolean) {
  const { yesCount, noCount, stats, resultsHidden } = visibleCounts(survey, hidden);
  return {
    _id: survey.id,
    title: survey.title,
    description: survey.description,
    category: survey.category,
    deadline: survey.deadline,
    createdAt: survey.createdAt,
    questionTitle: survey.questionTitle,
    questionDescription: survey.questionDescription,
    status: survey.status,
    yesCount,
    noCount,
    totalVotes: yesCount === null ? null : yesCount + noCount,
    surveyorEmail: survey.surveyorEmail,
    // Added: who sees the counts while the survey is open, whether this answer withholds them, and
    // the result with its uncertainty (lib/stats.ts).
    resultsVisibility: survey.resultsVisibility ?? "after_voting",
    resultsHidden,
    stats,
  };
}

/** `toSurveyJson` for one viewer (null: the public) on `today` (a day in APP_TIME_ZONE), for lists. */
export const surveyJsonFor = (viewer: ResultsViewer, today: string) => (survey: PublicSurvey) =>
  toSurveyJson(survey, resultsHidden(survey, isClosed(survey.deadline, today), viewer));

/** A person as the admin's list and the existence check show them: never a password hash. */
export function toUserJson(user: { id: string; email: string; role: Role; name: string | null; emailVerified?: Date | null }) {
  return {
    _id: user.id,
    email: user.email,
    role: user.role,
    name: user.name,
    ...(user.emailVerified !== undefined ? { emailVerified: user.emailVerified !== null } : {}),
  };
}

export function toFeedbackJson(s: FeedbackRow) {
  return { _id: s.id, title: s.title, description: s.description, status: s.status, feedback: s.feedback };
}

/** A payment, with `timestamp` as its date field. */
export function toPaymentJson(p: PaymentRow) {
  return {
    _id: p.id,
    paymentIntentId: p.paymentIntentId,
    amount: p.amount,
    currency: p.currency,
    userName: p.userName,
    userEmail: p.userEmail,
    timestamp: p.createdAt.toISOString(),
  };
}

export function toContactMessageJson(m: ContactMessageRow) {
  return { _id: m.id, name: m.name, email: m.email, message: m.message, createdAt: m.createdAt.toISOString() };
}
