// The audit trail in words: one sentence per entry naming who acted, what they did and whom or what
// it touched, with its detail labelled for what it is. The one describer of every audited action:
// the admin overview (components/admin/audit-list.tsx) and any export of the trail use it. Pure.
import { emailShown } from "@/lib/accounts/deleted-account";
import { ROLE_NAMES } from "@/lib/accounts/role-names";
import type { Role } from "@/models/enums";
import type { AuditAction } from "@/models/audit-events";

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

type Parts = Pick<AuditDescription, "action" | "target" | "outcome"> & { detailLabel?: string };
type Describe = (row: AuditRow) => Parts;

/** A stored role in people's words ("pro_user" → "Pro user"); anything else as stored. */
const roleWord = (role: string | null) => (role === null ? "none" : (ROLE_NAMES[role as Role] ?? role));
const votes = (n: string | null) => `${n ?? "?"} vote${n === "1" ? "" : "s"}`;
const STATUS_WORD: Record<string, string> = { publish: "published", unpublish: "unpublished" };
const statusWord = (status: string | null) => (status ? (STATUS_WORD[status] ?? status) : "none");

/**
 * An account as the trail names it: its address, or what is left of a deleted or unknown one
 * (`atStart`: capitalised, to begin the sentence; an address is never changed).
 */
function account(id: string | null, email: string | null, atStart = false): string {
  const article = atStart ? "A" : "a";
  if (email === null) return `${article}n account no longer on record`;
  if (emailShown(email) !== email) return id ? `${article} deleted account (#${id.slice(0, 8)})` : `${article} deleted account`;
  return email;
}

/** The account an action touched: "their own account" when the actor acted on themselves. */
const targetAccount = (row: AuditRow) =>
  row.actorId !== null && row.actorId === row.targetUserId ? "their own account" : account(row.targetUserId, row.targetUserEmail);

const survey = (row: AuditRow) => (row.targetSurveyId && row.targetSurveyTitle ? `“${row.targetSurveyTitle}”` : "a deleted survey");

function surveyStatus(row: AuditRow): Parts {
  const changed = row.oldValue !== row.newValue;
  const action =
    !changed && row.newValue === "unpublish"
      ? "changed the feedback on unpublished survey"
      : changed && row.newValue === "publish"
        ? "published survey"
        : changed && row.newValue === "unpublish"
          ? "unpublished survey"
          : "changed the status of survey";
  return { action, target: survey(row), outcome: changed ? `${statusWord(row.oldValue)} → ${statusWord(row.newValue)}` : null, detailLabel: "Feedback" };
}

const FACTOR_WORD: Record<string, string> = { totp: "authenticator app", passkey: "the last passkey" };
const factor = (value: string | null) => (value ? (FACTOR_WORD[value] ?? value) : null);
const quoted = (value: string | null) => (value ? `“${value}”` : null);
const codesLeft = (n: string | null) => `${n ?? "?"} recovery code${n === "1" ? "" : "s"} left`;

// Every action the trail records (models/audit-events.ts): a new one does not compile until it is here.
const DESCRIBE: Record<AuditAction, Describe> = {
  role_change: (row) => ({ action: "changed the role of", target: targetAccount(row), outcome: `${roleWord(row.oldValue)} → ${roleWord(row.newValue)}` }),
  survey_status: surveyStatus,
  password_reset: (row) => ({ action: "reset, with a mailed link, the password of", target: targetAccount(row), outcome: null }),
  password_change: (row) => ({ action: "changed the password of", target: targetAccount(row), outcome: null }),
  email_change: (row) => ({ action: "changed, with a mailed link, the email address of", target: targetAccount(row), outcome: null }),
  account_delete: (row) => ({ action: "deleted", target: targetAccount(row), outcome: null }),
  account_suspend: (row) => ({ action: "suspended", target: targetAccount(row), outcome: null, detailLabel: "Reason" }),
  account_unsuspend: (row) => ({ action: "lifted the suspension of", target: targetAccount(row), outcome: null, detailLabel: "Suspended for" }),
  votes_void: (row) => ({ action: "voided the votes of", target: targetAccount(row), outcome: `${votes(row.newValue)} voided`, detailLabel: "Reason" }),
  votes_restore: (row) => ({ action: "counted again the voided votes of", target: targetAccount(row), outcome: `${votes(row.newValue)} counted again` }),
  second_factor_add: (row) => ({ action: "added a second factor to", target: targetAccount(row), outcome: factor(row.newValue) }),
  second_factor_remove: (row) => ({ action: "removed a second factor from", target: targetAccount(row), outcome: factor(row.oldValue) }),
  recovery_code_use: (row) => ({ action: "used a recovery code on", target: targetAccount(row), outcome: codesLeft(row.newValue) }),
  recovery_codes_regenerate: (row) => ({ action: "made new recovery codes for", target: targetAccount(row), outcome: null }),
  passkey_add: (row) => ({ action: "added a passkey to", target: targetAccount(row), outcome: null }),
  review_request: (row) => ({ action: "asked the admins to review again the unpublished survey", target: survey(row), outcome: null }),
  // A contact message's sender has no account: their address is kept as the row's new value.
  contact_reply: (row) => ({ action: "replied by mail to the contact message of", target: row.newValue ?? "a visitor", outcome: null }),
  contact_handled: (row) => ({
    action: row.oldValue === "handled" ? "reopened the contact message of" : "marked handled the contact message of",
    target: row.newValue ?? "a visitor",
    outcome: null,
  }),
  // An API key's name, a webhook's address: the row's new value (lib/integrations/).
  api_key_create: (row) => ({ action: "created an API key for", target: targetAccount(row), outcome: quoted(row.newValue) }),
  api_key_revoke: (row) => ({ action: "revoked an API key of", target: targetAccount(row), outcome: quoted(row.newValue), detailLabel: "Why" }),
  webhook_create: (row) => ({ action: "added a webhook to", target: targetAccount(row), outcome: row.newValue }),
  webhook_delete: (row) => ({ action: "removed a webhook from", target: targetAccount(row), outcome: row.newValue }),
  webhook_rotate: (row) => ({ action: "rotated the signing secret of a webhook of", target: targetAccount(row), outcome: row.newValue }),
  webhook_disable: (row) => ({ action: "turned off, after repeated failed deliveries, a webhook of", target: targetAccount(row), outcome: row.newValue }),
};

/** One audit entry in words: who did what to whom, what changed, and its detail under its own label. */
export function describeAuditEvent(row: AuditRow): AuditDescription {
  const { action, target, outcome, detailLabel } = DESCRIBE[row.action](row);
  // The actor is null when the system acted: a paid upgrade to pro_user.
  const actor =
    row.actorId === null ? (row.action === "role_change" ? "The system (a paid upgrade)" : "The system") : account(row.actorId, row.actorEmail, true);
  const detail = row.feedback ? { label: detailLabel ?? "Note", text: row.feedback } : null;
  const text = `${actor} ${action} ${target}${outcome ? `: ${outcome}` : ""}.${detail ? ` ${detail.label}: ${detail.text}` : ""}`;
  return { actor, action, target, outcome, detail, text };
}
