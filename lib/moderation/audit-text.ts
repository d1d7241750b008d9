// The audit trail in words: one sentence per entry naming who acted, what they did and whom or what
// it touched, with its detail labelled for what it is. The one describer of every audited action:
// the admin overview (components/admin/audit-list.tsx) and any export of the trail use it. Pure.
//
// In the admin's language: the words are `admin.audit` (messages/admin/). Each sentence is its parts
// in one order, "{actor} {action} {target}: {outcome}.", so an action's words end where its target
// begins in every language (German says "löschte das eigene Konto", never a verb after the target).
import { createTranslator } from "next-intl";
import { emailShown } from "@/lib/accounts/deleted-account";
import type { Locale } from "@/lib/i18n/types";
import type { AuditAction } from "@/models/audit-events";
import de from "@/messages/admin/de.json";
import en from "@/messages/admin/en.json";
import es from "@/messages/admin/es.json";

/** An audit row with the names behind its ids (lib/moderation/audit.ts `listLatestAudit`). */
export type AuditRow = {
  action: AuditAction;
  actorId: string | null;
  actorEmail: string | null;
  targetUserId: string | null;
  targetUserEmail: string | null;
  targetSurveyId: string | null;
  targetSurveyTitle: string | null;
  oldValue: string | null;
  newValue: string | null;
  feedback: string | null;
};

export type AuditDescription = {
  /** Who acted: an account, or the system. */
  actor: string;
  /** What they did, in words, up to its target ("suspended", "changed the role of"). */
  action: string;
  /** Whom or what it touched: an account, a survey, or "their own account". */
  target: string;
  /** What changed, where the row says ("User → Pro user", "16 votes voided"); null otherwise. */
  outcome: string | null;
  /** The free text kept with it, labelled for what it is ("Reason", "Feedback"). */
  detail: { label: string; text: string } | null;
  /** The whole entry as one plain sentence. */
  text: string;
};

const MESSAGES = { en, es, de } as const;

/** The trail's words in a language (`admin.audit`). */
export function auditTranslator(locale: Locale = "en") {
  return createTranslator({ locale, messages: { admin: MESSAGES[locale] as typeof en }, namespace: "admin" });
}
type Translate = ReturnType<typeof auditTranslator>;

type Label = keyof typeof en.audit.labels;
type Parts = Pick<AuditDescription, "action" | "target" | "outcome"> & { detailLabel?: Label };
type Describe = (row: AuditRow, t: Translate) => Parts;

const ROLES = ["admin", "user", "surveyor", "pro_user"] as const;
const STATUSES = ["publish", "unpublish"] as const;
const FACTORS = ["totp", "passkey"] as const;
const known = <K extends string>(keys: readonly K[], value: string | null): value is K => value !== null && (keys as readonly string[]).includes(value);

/** A stored role in people's words ("pro_user" → "Pro user"); anything else as stored. */
const roleWord = (t: Translate, role: string | null) => (role === null ? t("audit.none") : known(ROLES, role) ? t(`roles.${role}`) : role);
const statusWord = (t: Translate, status: string | null) => (!status ? t("audit.none") : known(STATUSES, status) ? t(`audit.statusWords.${status}`) : status);
const change = (t: Translate, from: string, to: string) => t("audit.change", { from, to });

/** A count kept as text ("16"), or null when the row has none to read. */
const countOf = (value: string | null) => (value !== null && /^\d+$/.test(value) ? Number(value) : null);

/**
 * An account as the trail names it: its address, or what is left of a deleted or unknown one
 * (`atStart`: to begin the sentence; an address is never changed).
 */
function account(t: Translate, id: string | null, email: string | null, atStart = false): string {
  if (email === null) return t(atStart ? "audit.goneAccountStart" : "audit.goneAccount");
  if (emailShown(email) !== email) {
    if (!id) return t(atStart ? "audit.deletedAccountStart" : "audit.deletedAccount");
    return t(atStart ? "audit.deletedAccountIdStart" : "audit.deletedAccountId", { id: id.slice(0, 8) });
  }
  return email;
}

/** The account an action touched: "their own account" when the actor acted on themselves. */
const targetAccount = (row: AuditRow, t: Translate) =>
  row.actorId !== null && row.actorId === row.targetUserId ? t("audit.ownAccount") : account(t, row.targetUserId, row.targetUserEmail);

const survey = (row: AuditRow, t: Translate) =>
  row.targetSurveyId && row.targetSurveyTitle ? t("audit.survey", { title: row.targetSurveyTitle }) : t("audit.deletedSurvey");

function surveyStatus(row: AuditRow, t: Translate): Parts {
  const changed = row.oldValue !== row.newValue;
  const action =
    !changed && row.newValue === "unpublish"
      ? t("audit.actions.survey_feedback")
      : changed && row.newValue === "publish"
        ? t("audit.actions.survey_publish")
        : changed && row.newValue === "unpublish"
          ? t("audit.actions.survey_unpublish")
          : t("audit.actions.survey_status");
  const outcome = changed ? change(t, statusWord(t, row.oldValue), statusWord(t, row.newValue)) : null;
  return { action, target: survey(row, t), outcome, detailLabel: "feedback" };
}

const factor = (t: Translate, value: string | null) => (!value ? null : known(FACTORS, value) ? t(`audit.factors.${value}`) : value);
const quoted = (t: Translate, value: string | null) => (value ? t("audit.quoted", { value }) : null);

/** "16 votes voided" and the like; "? votes voided" when the row kept no count. */
function counted(t: Translate, value: string | null, key: "votesVoided" | "votesCounted" | "codesLeft", unknown: "someVotesVoided" | "someVotesCounted" | "someCodesLeft") {
  const count = countOf(value);
  return count === null ? t(`audit.${unknown}`) : t(`audit.${key}`, { count });
}

/** The parts of an action that names an account: its words, and the account. */
const onAccount =
  (action: Exclude<AuditAction, "survey_status" | "review_request" | "contact_reply" | "contact_handled">, more: (row: AuditRow, t: Translate) => Partial<Parts> = () => ({})): Describe =>
  (row, t) => ({ action: t(`audit.actions.${action}`), target: targetAccount(row, t), outcome: null, ...more(row, t) });

// A contact message's sender has no account: their address is kept as the row's new value.
const sender = (row: AuditRow, t: Translate) => row.newValue ?? t("audit.visitor");

// Every action the trail records (models/audit-events.ts): a new one does not compile until it is here.
const DESCRIBE: Record<AuditAction, Describe> = {
  role_change: onAccount("role_change", (row, t) => ({ outcome: change(t, roleWord(t, row.oldValue), roleWord(t, row.newValue)) })),
  survey_status: surveyStatus,
  password_reset: onAccount("password_reset"),
  password_change: onAccount("password_change"),
  email_change: onAccount("email_change"),
  account_delete: onAccount("account_delete"),
  account_suspend: onAccount("account_suspend", () => ({ detailLabel: "reason" })),
  account_unsuspend: onAccount("account_unsuspend", () => ({ detailLabel: "suspendedFor" })),
  votes_void: onAccount("votes_void", (row, t) => ({ outcome: counted(t, row.newValue, "votesVoided", "someVotesVoided"), detailLabel: "reason" })),
  votes_restore: onAccount("votes_restore", (row, t) => ({ outcome: counted(t, row.newValue, "votesCounted", "someVotesCounted") })),
  second_factor_add: onAccount("second_factor_add", (row, t) => ({ outcome: factor(t, row.newValue) })),
  second_factor_remove: onAccount("second_factor_remove", (row, t) => ({ outcome: factor(t, row.oldValue) })),
  recovery_code_use: onAccount("recovery_code_use", (row, t) => ({ outcome: counted(t, row.newValue, "codesLeft", "someCodesLeft") })),
  recovery_codes_regenerate: onAccount("recovery_codes_regenerate"),
  passkey_add: onAccount("passkey_add"),
  review_request: (row, t) => ({ action: t("audit.actions.review_request"), target: survey(row, t), outcome: null }),
  contact_reply: (row, t) => ({ action: t("audit.actions.contact_reply"), target: sender(row, t), outcome: null }),
  contact_handled: (row, t) => ({
    action: t(row.oldValue === "handled" ? "audit.actions.contact_reopen" : "audit.actions.contact_handled"),
    target: sender(row, t),
    outcome: null,
  }),
  // An API key's name, a webhook's address: the row's new value (lib/integrations/).
  api_key_create: onAccount("api_key_create", (row, t) => ({ outcome: quoted(t, row.newValue) })),
  api_key_revoke: onAccount("api_key_revoke", (row, t) => ({ outcome: quoted(t, row.newValue), detailLabel: "why" })),
  webhook_create: onAccount("webhook_create", (row) => ({ outcome: row.newValue })),
  webhook_delete: onAccount("webhook_delete", (row) => ({ outcome: row.newValue })),
  webhook_rotate: onAccount("webhook_rotate", (row) => ({ outcome: row.newValue })),
  webhook_disable: onAccount("webhook_disable", (row) => ({ outcome: row.newValue })),
};

/**
 * One audit entry in words, in `locale` (English by default): who did what to whom, what changed, and
 * its detail under its own label.
 */
export function describeAuditEvent(row: AuditRow, locale: Locale = "en"): AuditDescription {
  const t = auditTranslator(locale);
  const { action, target, outcome, detailLabel } = DESCRIBE[row.action](row, t);
  // The actor is null when the system acted: a paid upgrade to pro_user.
  const actor =
    row.actorId === null ? t(row.action === "role_change" ? "audit.systemUpgrade" : "audit.system") : account(t, row.actorId, row.actorEmail, true);
  const detail = row.feedback ? { label: t(`audit.labels.${detailLabel ?? "note"}`), text: row.feedback } : null;
  const text = `${actor} ${action} ${target}${outcome ? `: ${outcome}` : ""}.${detail ? ` ${detail.label}: ${detail.text}` : ""}`;
  return { actor, action, target, outcome, detail, text };
}
