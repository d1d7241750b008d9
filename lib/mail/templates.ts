import type { Locale } from "@/lib/i18n/types";
import { SITE_NAME } from "@/lib/seo";
import { mailTranslator, type MailTranslator } from "./i18n";

/** One mail as it is stored in the outbox: a subject, a plain-text part and an HTML part. */
export type MailContent = { subject: string; text: string; html: string };

/** Text for HTML: every character that could open markup or an attribute is escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

type Layout = {
  /** The recipient's language: every text of the frame, and the page's `lang`. */
  locale: Locale;
  /** The first line, e.g. "Hello Ada,". */
  greeting: string;
  /** Paragraphs of plain text (escaped in the HTML part). */
  paragraphs: string[];
  /** The one thing to do, if any: a button in HTML, the bare link in text. */
  action?: { label: string; url: string };
  /** Said after the action, e.g. how long the link works. */
  after?: string[];
  /** Why the person received this mail. */
  reason: string;
  /** For mail a person may stop: the page of its one-click unsubscribe link. */
  unsubscribe?: string;
};

/**
 * Every mail of the product in one frame: its name at the top, one message, and a footer saying why
 * the person received it, in the recipient's language. Names and addresses are only ever passed
 * through escapeHtml; subjects are fixed texts, so no header can be made of what a person typed.
 */
export async function layout(subject: string, mail: Layout): Promise<MailContent> {
  const t = await mailTranslator(mail.locale);
  const text = [
    mail.greeting,
    "",
    ...mail.paragraphs.flatMap((p) => [p, ""]),
    ...(mail.action ? [`${mail.action.label}: ${mail.action.url}`, ""] : []),
    ...(mail.after ?? []).flatMap((p) => [p, ""]),
    "--",
    `${SITE_NAME}: ${mail.reason}`,
    ...(mail.unsubscribe ? [t("layout.stopLine", { url: mail.unsubscribe })] : []),
  ].join("\n");
  const paragraph = (p: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1e293b">${escapeHtml(p)}</p>`;
  const button = mail.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(mail.action.url)}" style="display:inline-block;background:#4338ca;color:#ffffff;font-weight:600;font-size:16px;text-decoration:none;padding:12px 20px;border-radius:6px">${escapeHtml(mail.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:20px;color:#475569">${escapeHtml(t("layout.orOpen"))} <a href="${escapeHtml(mail.action.url)}" style="color:#4338ca;word-break:break-all">${escapeHtml(mail.action.url)}</a></p>`
    : "";
  const html = `<!doctype html>
<html lang="${mail.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px"><tr><td style="padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;letter-spacing:0.05em;color:#312e81">${escapeHtml(SITE_NAME)}</p>
${paragraph(mail.greeting)}
${mail.paragraphs.map(paragraph).join("\n")}
${button}
${(mail.after ?? []).map(paragraph).join("\n")}
</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid #e2e8f0;font-size:13px;line-height:20px;color:#64748b">${escapeHtml(`${SITE_NAME}: ${mail.reason}`)}${
    mail.unsubscribe ? `<br><a href="${escapeHtml(mail.unsubscribe)}" style="color:#475569">${escapeHtml(t("layout.stop"))}</a>` : ""
  }</td></tr>
</table></td></tr></table>
</body></html>`;
  return { subject, text, html };
}

// Text a person typed (a name, a survey's title or question) reaches other people's inboxes in the
// site's own frame. Mail programs turn anything that looks like an address into a link (in the HTML
// part and in the text part alike), so such text is broken up before it is used: `https://x.example`
// becomes `https[:]//x[.]example`, which no mail program links. The site's own links are never passed
// through it.
const SCHEME = /:\/\//g;
// A dot (or an ideographic or full-width one, which some programs read as a dot) between two letters
// or digits: `x.example`, `www.x`, `a@b.c`, `10.0.0.1`.
const DOT = /(?<=[\p{L}\p{N}_-])[.\u3002\uff0e\uff61](?=[\p{L}\p{N}])/gu;

/** `value` with nothing a mail program would turn into a link. */
export function unlinkable(value: string): string {
  return value.replace(SCHEME, "[:]//").replace(DOT, "[.]");
}

/** "Hello Ada,"; "Hello," without a name, or for a name that holds an address (it is no name). */
const greet = (t: MailTranslator, name: string | null | undefined) => {
  const shown = name?.trim();
  return shown && unlinkable(shown) === shown ? t("greeting.named", { name: shown }) : t("greeting.anonymous");
};

// Every mail below is written in `input.locale`, the recipient's saved language (lib/mail/i18n.ts);
// its links are built by the caller in that language (`mailLink`).
type InLocale = { locale: Locale };
const site = { site: SITE_NAME };

export async function verifyEmailMail(input: InLocale & { name: string | null; url: string; code: string }): Promise<MailContent> {
  const t = await mailTranslator(input.locale);
  return layout(t("verifyEmail.subject", site), {
    locale: input.locale,
    greeting: greet(t, input.name),
    paragraphs: [t("verifyEmail.confirm", site), t("verifyEmail.code", { code: input.code })],
    action: { label: t("verifyEmail.action"), url: input.url },
    after: [t("verifyEmail.after")],
    reason: t("verifyEmail.reason"),
  });
}

export async function resetPasswordMail(input: InLocale & { name: string | null; url: string }): Promise<MailContent> {
  const t = await mailTranslator(input.locale);
  return layout(t("resetPassword.subject", site), {
    locale: input.locale,
    greeting: greet(t, input.name),
    paragraphs: [t("resetPassword.asked")],
    action: { label: t("resetPassword.action"), url: input.url },
    after: [t("resetPassword.after")],
    reason: t("resetPassword.reason"),
  });
}

export async function changeEmailConfirmMail(input: InLocale & { name: string | null; url: string }): Promise<MailContent> {
  const t = await mailTranslator(input.locale);
  return layout(t("changeEmailConfirm.subject", site), {
    locale: input.locale,
    greeting: greet(t, input.name),
    paragraphs: [t("changeEmailConfirm.asked", site)],
    action: { label: t("changeEmailConfirm.action"), url: input.url },
    after: [t("changeEmailConfirm.after")],
    reason: t("changeEmailConfirm.reason"),
  });
}

export async function changeEmailNoticeMail(input: InLocale & { name: string | null; newEmail: string; url: string }): Promise<MailContent> {
  const t = await mailTranslator(input.locale);
  return layout(t("changeEmailNotice.subject", site), {
    locale: input.locale,
    greeting: greet(t, input.name),
    paragraphs: [t("changeEmailNotice.asked", { newEmail: input.newEmail }), t("changeEmailNotice.notYou")],
    action: { label: t("changeEmailNotice.action"), url: input.url },
    reason: t("changeEmailNotice.reason"),
  });
}

/** A result in words: the counts, the plain reading, the margin and the verdict with its reason (`resultSummary`). */
export type ResultSummary = { yesCount: number; noCount: number; line: string };

export async function surveyResultMail(input: InLocale & { name: string | null; title: string; question: string; result: ResultSummary; url: string; unsubscribe: string }): Promise<MailContent> {
  const t = await mailTranslator(input.locale);
  const title = unlinkable(input.title);
  return layout(t("surveyResult.subject", { title }), {
    locale: input.locale,
    greeting: greet(t, input.name),
    paragraphs: [t("surveyResult.closed", { title }), unlinkable(input.question), input.result.line],
    action: { label: t("surveyResult.action"), url: input.url },
    reason: t("surveyResult.reason"),
    unsubscribe: input.unsubscribe,
  });
}

export async function surveyClosedMail(input: InLocale & { name: string | null; title: string; result: ResultSummary; url: string; unsubscribe: string }): Promise<MailContent> {
  const t = await mailTranslator(input.locale);
  const title = unlinkable(input.title);
  return layout(t("surveyClosed.subject", { title }), {
    locale: input.locale,
    greeting: greet(t, input.name),
    paragraphs: [t("surveyClosed.closed", { title }), input.result.line],
    action: { label: t("surveyClosed.action"), url: input.url },
    reason: t("surveyClosed.reason"),
    unsubscribe: input.unsubscribe,
  });
}

export async function surveyUnpublishedMail(input: InLocale & { name: string | null; title: string; feedback: string; url: string; unsubscribe: string }): Promise<MailContent> {
  const t = await mailTranslator(input.locale);
  const title = unlinkable(input.title);
  return layout(t("surveyUnpublished.subject", { title }), {
    locale: input.locale,
    greeting: greet(t, input.name),
    paragraphs: [t("surveyUnpublished.unpublished", { title }), input.feedback, t("surveyUnpublished.askForReview")],
    action: { label: t("surveyUnpublished.action"), url: input.url },
    reason: t("surveyUnpublished.reason"),
    unsubscribe: input.unsubscribe,
  });
}

/**
 * To each admin: a surveyor asks for a review of a survey an admin unpublished, with the feedback it was
 * unpublished with. The surveyor's name and address are what they typed, so neither can form a link.
 */
export async function reviewRequestedMail(
  input: InLocale & {
    name: string | null;
    surveyor: { name: string | null; email: string };
    title: string;
    feedback: string | null;
    url: string;
  },
): Promise<MailContent> {
  const t = await mailTranslator(input.locale);
  const title = unlinkable(input.title);
  const surveyorName = input.surveyor.name?.trim();
  const email = unlinkable(input.surveyor.email);
  const who = surveyorName ? t("reviewRequested.whoNamed", { name: unlinkable(surveyorName), email }) : t("reviewRequested.whoAnonymous", { email });
  const feedback = input.feedback?.trim();
  return layout(t("reviewRequested.subject", { title }), {
    locale: input.locale,
    greeting: greet(t, input.name),
    paragraphs: [t("reviewRequested.asks", { who, title }), ...(feedback ? [t("reviewRequested.feedback"), feedback] : [])],
    action: { label: t("reviewRequested.action"), url: input.url },
    after: [t("reviewRequested.after")],
    reason: t("reviewRequested.reason"),
  });
}

/** What changed in how an account signs in, for `securityNoticeMail`. */
export type SecurityNotice =
  | { what: "totp_added" }
  | { what: "totp_removed"; noneLeft: boolean }
  | { what: "last_passkey_removed" }
  | { what: "passkey_added" }
  | { what: "recovery_code_used"; left: number }
  | { what: "recovery_codes_regenerated" }
  | { what: "password_changed" }
  | { what: "password_reset" };

function noticeText(t: MailTranslator, notice: SecurityNotice, when: string): string[] {
  const values = { site: SITE_NAME, when };
  switch (notice.what) {
    case "totp_added":
      return [t("securityNotice.totpAdded", values)];
    case "totp_removed":
      return [t("securityNotice.totpRemoved", values), ...(notice.noneLeft ? [t("securityNotice.noSecondFactor")] : [])];
    case "last_passkey_removed":
      return [t("securityNotice.lastPasskeyRemoved", values)];
    case "passkey_added":
      return [t("securityNotice.passkeyAdded", values)];
    case "recovery_code_used":
      return [t("securityNotice.recoveryCodeUsed", { ...values, left: notice.left }), ...(notice.left <= 3 ? [t("securityNotice.fewCodesLeft")] : [])];
    case "recovery_codes_regenerated":
      return [t("securityNotice.recoveryCodesRegenerated", values)];
    case "password_changed":
      return [t("securityNotice.passwordChanged", values)];
    case "password_reset":
      return [t("securityNotice.passwordReset", values)];
  }
}

/**
 * A security notice: a change to how the account signs in (its password changed or reset, a second
 * factor added or removed, a passkey added, a recovery code used). Sent whatever the person's mail
 * preferences: no unsubscribe link. `when` is written in the mail's language (lib/dates.ts).
 */
export async function securityNoticeMail(input: InLocale & { name: string | null; notice: SecurityNotice; when: string; url: string }): Promise<MailContent> {
  const t = await mailTranslator(input.locale);
  return layout(t(`securityNotice.subject.${input.notice.what}`), {
    locale: input.locale,
    greeting: greet(t, input.name),
    paragraphs: [...noticeText(t, input.notice, input.when), t("securityNotice.notYou")],
    action: { label: t("securityNotice.action"), url: input.url },
    reason: t("securityNotice.reason"),
  });
}

/** Lines as paragraphs: `layout` writes each paragraph as one `<p>`, where a bare line break would vanish. */
const linesOf = (text: string) => text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== "");

/**
 * An admin's answer to a message sent through the contact form, with that message quoted below it.
 * Anyone can type any address into the form, so the quoted message, written by the visitor, is made
 * unlinkable: the form cannot be used to put the visitor's links into a stranger's inbox in the site's
 * own frame. The admin's text is the site speaking, and keeps its links (in the admin's own words:
 * only the frame around it is in the mail's language).
 */
export async function contactReplyMail(input: InLocale & { name: string; reply: string; original: string; sentOn: string }): Promise<MailContent> {
  const t = await mailTranslator(input.locale);
  return layout(t("contactReply.subject", site), {
    locale: input.locale,
    greeting: greet(t, input.name),
    paragraphs: linesOf(input.reply),
    after: [t("contactReply.wrote", { date: input.sentOn }), ...linesOf(unlinkable(input.original)).map((line) => `> ${line}`)],
    reason: t("contactReply.reason"),
  });
}

// How a session signed in, as the server keeps it ("password+totp"): the same methods that
// lib/accounts/sign-in-method.ts names on the account page, here in the mail's language.
const FIRST_METHODS = ["password", "passkey", "google"] as const;
const SECOND_FACTORS = ["totp", "recovery_code", "passkey"] as const;
const isOneOf = <T extends string>(list: readonly T[], value: string | undefined): value is T => value !== undefined && (list as readonly string[]).includes(value);

/** "password and authenticator app", "passkey"...; null for a method the mail does not know (it then says nothing). */
function signInHow(t: MailTranslator, method: string | null): string | null {
  if (!method) return null;
  const [first, second, ...rest] = method.split("+");
  if (!isOneOf(FIRST_METHODS, first) || rest.length > 0) return null;
  const firstWords = t(`newSignIn.method.${first}`);
  if (second === undefined) return firstWords;
  return isOneOf(SECOND_FACTORS, second) ? t("newSignIn.methodWithSecond", { method: firstWords, second: t(`newSignIn.secondFactor.${second}`) }) : null;
}

/**
 * The notice of a sign-in from a browser the account has not used before (opt-out: the account page's
 * mail preferences, or the unsubscribe link). `browser` and `os` are null when the browser did not say
 * (lib/accounts/user-agent.ts); `method` is the session's sign-in method as the server keeps it.
 */
export async function newSignInMail(
  input: InLocale & { name: string | null; browser: string | null; os: string | null; method: string | null; when: string; url: string; unsubscribe: string },
): Promise<MailContent> {
  const t = await mailTranslator(input.locale);
  const how = signInHow(t, input.method);
  const where = {
    site: SITE_NAME,
    browser: input.browser ?? t("newSignIn.unknownBrowser"),
    os: input.os ?? t("newSignIn.unknownSystem"),
    when: input.when,
  };
  return layout(t("newSignIn.subject", site), {
    locale: input.locale,
    greeting: greet(t, input.name),
    paragraphs: [how ? t("newSignIn.signedInWith", { ...where, how }) : t("newSignIn.signedIn", where), t("newSignIn.ifYou")],
    action: { label: t("newSignIn.action"), url: input.url },
    unsubscribe: input.unsubscribe,
    reason: t("newSignIn.reason"),
  });
}

/**
 * To a surveyor: one of their webhooks was turned off after its deliveries failed again and again
 * (lib/integrations/webhooks/delivery.ts). Always sent, like a security notice: their tools stopped
 * hearing of their surveys. The endpoint's URL is what they typed, so it cannot form a link.
 */
export async function webhookDisabledMail(input: InLocale & { name: string | null; url: string; endpointId: string; failures: number; docs: string }): Promise<MailContent> {
  const t = await mailTranslator(input.locale);
  return layout(t("webhookDisabled.subject", site), {
    locale: input.locale,
    greeting: greet(t, input.name),
    // The count as a bare figure, as in the API's answers ("1000", not "1,000").
    paragraphs: [t("webhookDisabled.turnedOff", { url: unlinkable(input.url), id: input.endpointId, failures: String(input.failures) }), t("webhookDisabled.turnBackOn")],
    action: { label: t("webhookDisabled.action"), url: input.docs },
    reason: t("webhookDisabled.reason"),
  });
}
