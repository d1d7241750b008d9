import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AuditEntries } from "@/components/admin/audit-list";
import { deletedEmailOf } from "@/lib/accounts/deleted-account";
import type { AuditEntry } from "@/lib/moderation/audit";
import { AUDIT_ACTIONS, type AuditAction } from "@/models";
import { describeAuditEvent, type AuditRow } from "./audit-text";

const ADMIN = { actorId: "a0000000-0000-4000-8000-000000000001", actorEmail: "admin@test.example" };
const PERSON = { targetUserId: "b0000000-0000-4000-8000-000000000002", targetUserEmail: "person@test.example" };
const SELF = { actorId: PERSON.targetUserId, actorEmail: PERSON.targetUserEmail, ...PERSON };
const SURVEY = { targetSurveyId: "c0000000-0000-4000-8000-000000000003", targetSurveyTitle: "Remote work" };

// One row of each kind, as its `recordAudit` call writes it (grep `recordAudit(`), and how it reads.
const CASES: Record<AuditAction, { row: Partial<AuditRow>; text: string }> = {
  role_change: {
    row: { ...ADMIN, ...PERSON, oldValue: "user", newValue: "surveyor" },
    text: "admin@test.example changed the role of person@test.example: User → Surveyor.",
  },
  survey_status: {
    row: { ...ADMIN, ...SURVEY, oldValue: "publish", newValue: "unpublish", feedback: "Make it neutral" },
    text: "admin@test.example unpublished survey “Remote work”: published → unpublished. Feedback: Make it neutral",
  },
  password_reset: { row: SELF, text: "person@test.example reset, with a mailed link, the password of their own account." },
  password_change: { row: SELF, text: "person@test.example changed the password of their own account." },
  email_change: { row: SELF, text: "person@test.example changed, with a mailed link, the email address of their own account." },
  account_delete: {
    row: { ...SELF, actorEmail: deletedEmailOf(PERSON.targetUserId), targetUserEmail: deletedEmailOf(PERSON.targetUserId) },
    text: "A deleted account (#b0000000) deleted their own account.",
  },
  account_suspend: {
    row: { ...ADMIN, ...PERSON, oldValue: "active", newValue: "suspended", feedback: "Fake accounts voting together" },
    text: "admin@test.example suspended person@test.example. Reason: Fake accounts voting together",
  },
  account_unsuspend: {
    row: { ...ADMIN, ...PERSON, oldValue: "suspended", newValue: "active", feedback: "Fake accounts voting together" },
    text: "admin@test.example lifted the suspension of person@test.example. Suspended for: Fake accounts voting together",
  },
  votes_void: {
    row: { ...ADMIN, ...PERSON, newValue: "16", feedback: "Brigade" },
    text: "admin@test.example voided the votes of person@test.example: 16 votes voided. Reason: Brigade",
  },
  votes_restore: { row: { ...ADMIN, ...PERSON, newValue: "1" }, text: "admin@test.example counted again the voided votes of person@test.example: 1 vote counted again." },
  second_factor_add: { row: { ...SELF, newValue: "totp" }, text: "person@test.example added a second factor to their own account: authenticator app." },
  second_factor_remove: { row: { ...SELF, oldValue: "passkey" }, text: "person@test.example removed a second factor from their own account: the last passkey." },
  recovery_code_use: { row: { ...SELF, newValue: "9" }, text: "person@test.example used a recovery code on their own account: 9 recovery codes left." },
  recovery_codes_regenerate: { row: { ...SELF }, text: "person@test.example made new recovery codes for their own account." },
  passkey_add: { row: { ...SELF }, text: "person@test.example added a passkey to their own account." },
  review_request: {
    row: { actorId: "d0000000-0000-4000-8000-000000000004", actorEmail: "surveyor@test.example", ...SURVEY },
    text: "surveyor@test.example asked the admins to review again the unpublished survey “Remote work”.",
  },
  contact_reply: { row: { ...ADMIN, newValue: "visitor@test.example" }, text: "admin@test.example replied by mail to the contact message of visitor@test.example." },
  contact_handled: { row: { ...ADMIN, newValue: "visitor@test.example" }, text: "admin@test.example marked handled the contact message of visitor@test.example." },
  api_key_create: { row: { ...SELF, newValue: "Newsroom CMS" }, text: "person@test.example created an API key for their own account: “Newsroom CMS”." },
  api_key_revoke: {
    row: { ...ADMIN, ...PERSON, newValue: "Newsroom CMS", feedback: "The account was suspended" },
    text: "admin@test.example revoked an API key of person@test.example: “Newsroom CMS”. Why: The account was suspended",
  },
  webhook_create: { row: { ...SELF, newValue: "hooks.example.org" }, text: "person@test.example added a webhook to their own account: hooks.example.org." },
  webhook_delete: { row: { ...SELF, newValue: "hooks.example.org" }, text: "person@test.example removed a webhook from their own account: hooks.example.org." },
  webhook_rotate: {
    row: { ...SELF, newValue: "hooks.example.org" },
    text: "person@test.example rotated the signing secret of a webhook of their own account: hooks.example.org.",
  },
  webhook_disable: {
    row: { ...PERSON, newValue: "hooks.example.org" },
    text: "The system turned off, after repeated failed deliveries, a webhook of person@test.example: hooks.example.org.",
  },
};

const EMPTY: AuditRow = {
  action: "role_change",
  actorId: null,
  actorEmail: null,
  targetUserId: null,
  targetUserEmail: null,
  targetSurveyId: null,
  targetSurveyTitle: null,
  oldValue: null,
  newValue: null,
  feedback: null,
};
const rowOf = (action: AuditAction): AuditRow => ({ ...EMPTY, ...CASES[action]?.row, action });
const entryOf = (action: AuditAction, i: number): AuditEntry => ({ ...rowOf(action), id: `e${i}`, actorName: null, createdAt: new Date(Date.UTC(2026, 10, 1, 12, i)) });

describe("describeAuditEvent", () => {
  // Over the enum itself: a new kind of audited action fails here until it is described.
  it.each([...AUDIT_ACTIONS])("names who did what to whom for %s", (action) => {
    expect(CASES[action], `a case for ${action}`).toBeDefined();
    const { text, actor, target } = describeAuditEvent(rowOf(action));
    expect(text).toBe(CASES[action].text);
    expect(actor).not.toBe("");
    expect(target).not.toBe("");
    expect(text).not.toContain("none → none");
    if (action !== "survey_status" && action !== "review_request") {
      expect(text).not.toMatch(/\bsurvey\b/i);
      expect(text).not.toContain("changed the status of");
      expect(text).not.toContain("active → suspended");
    }
    if (action !== "survey_status") expect(text).not.toContain("Feedback:");
  });

  it("names the system, a deleted survey and an account no longer on record for what they are", () => {
    expect(describeAuditEvent({ ...rowOf("role_change"), actorId: null, actorEmail: null, oldValue: "user", newValue: "pro_user" }).text).toBe(
      "The system (a paid upgrade) changed the role of person@test.example: User → Pro user.",
    );
    expect(describeAuditEvent({ ...rowOf("survey_status"), targetSurveyId: null, targetSurveyTitle: null }).target).toBe("a deleted survey");
    expect(describeAuditEvent({ ...rowOf("survey_status"), oldValue: "unpublish", newValue: "unpublish" })).toMatchObject({
      action: "changed the feedback on unpublished survey",
      outcome: null,
      detail: { label: "Feedback", text: "Make it neutral" },
    });
    expect(describeAuditEvent({ ...rowOf("account_suspend"), targetUserEmail: deletedEmailOf(PERSON.targetUserId) }).target).toBe(
      "a deleted account (#b0000000)",
    );
    expect(describeAuditEvent({ ...rowOf("password_change"), targetUserId: PERSON.targetUserId, actorId: ADMIN.actorId, actorEmail: ADMIN.actorEmail }).target).toBe(
      "person@test.example",
    );
  });

  it("reads in the admin's language, every part where that language puts it", () => {
    expect(describeAuditEvent(rowOf("role_change"), "es").text).toBe("admin@test.example cambió el rol de person@test.example: Usuario → Encuestador.");
    expect(describeAuditEvent(rowOf("votes_void"), "de").text).toBe(
      "admin@test.example annullierte die Stimmen von person@test.example: 16 Stimmen annulliert. Grund: Brigade",
    );
    // German puts no verb after its target: the account's own deletion is "löschte das eigene Konto".
    expect(describeAuditEvent(rowOf("account_delete"), "de").text).toBe("Konto #b0000000 (gelöscht) löschte das eigene Konto.");
    expect(describeAuditEvent({ ...rowOf("survey_status"), targetSurveyId: null, targetSurveyTitle: null }, "es").text).toBe(
      "admin@test.example retiró la encuesta (eliminada): publicada → retirada. Comentarios: Make it neutral",
    );
    const html = renderToStaticMarkup(createElement(AuditEntries, { entries: [entryOf("survey_status", 0)], timeZone: "UTC", locale: "de" }));
    expect(html).toContain('aria-label="Letzte Änderungen"');
    expect(html).toContain("01.11.2026, 12:00 UTC");
  });

  it("is what the admin overview's list renders, one entry of every kind", () => {
    const entries = AUDIT_ACTIONS.map(entryOf);
    const html = renderToStaticMarkup(createElement(AuditEntries, { entries, timeZone: "UTC" }));
    const items = html.match(/<li[^>]*>.*?<\/li>/g) ?? [];
    expect(items).toHaveLength(AUDIT_ACTIONS.length);
    // The text a reader gets: each paragraph a sentence of its own.
    const textOf = (item: string) =>
      item.replace(/<\/p>/g, " ").replace(/<[^>]+>/g, "").replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/\s+/g, " ");
    AUDIT_ACTIONS.forEach((action, i) => {
      const text = textOf(items[i]);
      // The sentence, then its time.
      expect(text.startsWith(CASES[action].text), `${action}: ${text}`).toBe(true);
      if (action !== "survey_status") expect(text).not.toMatch(/deleted survey|none → none|Feedback:/);
    });
    expect(html).not.toContain("No audited changes yet.");
    expect(renderToStaticMarkup(createElement(AuditEntries, { entries: [], timeZone: "UTC" }))).toContain("No audited changes yet.");
  });
});
