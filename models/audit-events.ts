import { index, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { idColumn, createdAtColumn } from "./columns";
import { surveys } from "./surveys";
import { users } from "./users";

export const AUDIT_ACTIONS = [
  "role_change",
  "survey_status",
  "password_reset",
  "password_change",
  "email_change",
  "account_delete",
  "account_suspend",
  "account_unsuspend",
  "votes_void",
  "votes_restore",
  "second_factor_add",
  "second_factor_remove",
  "recovery_code_use",
  "recovery_codes_regenerate",
  "passkey_add",
  "review_request",
  "contact_reply",
  "contact_handled",
  "api_key_create",
  "api_key_revoke",
  "webhook_create",
  "webhook_delete",
  "webhook_rotate",
  "webhook_disable",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const auditActionEnum = pgEnum("audit_action", AUDIT_ACTIONS);

// Who changed what: every role change, survey status change and change to an account's credentials
// (never the secret itself), written in the same transaction as
// the change itself. The actor is null when the system acted (a paid upgrade to pro_user).
export const auditEvents = pgTable(
  "audit_events",
  {
    id: idColumn(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: auditActionEnum("action").notNull(),
    targetUserId: uuid("target_user_id").references(() => users.id, { onDelete: "set null" }),
    targetSurveyId: uuid("target_survey_id").references(() => surveys.id, { onDelete: "set null" }),
    oldValue: text("old_value"),
    newValue: text("new_value"),
    feedback: text("feedback"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    // The admin overview reads the latest entries; the others trace one person or survey.
    index("audit_events_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("audit_events_actor_idx").on(t.actorId, t.createdAt.desc().nullsFirst()),
    index("audit_events_target_user_idx").on(t.targetUserId, t.createdAt.desc().nullsFirst()),
    index("audit_events_target_survey_idx").on(t.targetSurveyId, t.createdAt.desc().nullsFirst()),
  ],
);

export type AuditEvent = typeof auditEvents.$inferSelect;
