import { SITE_NAME } from "@/lib/seo";

/** One mail as it is stored in the outbox: a subject, a plain-text part and an HTML part. */
export type MailContent = { subject: string; text: string; html: string };

/** Text for HTML: every character that could open markup or an attribute is escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

type Layout = {
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
 * the person received it. Names and addresses are only ever passed through escapeHtml; subjects are
 * fixed texts, so no header can be made of what a person typed.
 */
export function layout(subject: string, mail: Layout): MailContent {
  const text = [
    mail.greeting,
    "",
    ...mail.paragraphs.flatMap((p) => [p, ""]),
    ...(mail.action ? [`${mail.action.label}: ${mail.action.url}`, ""] : []),
    ...(mail.after ?? []).flatMap((p) => [p, ""]),
    "--",
    `${SITE_NAME}: ${mail.reason}`,
    ...(mail.unsubscribe ? [`Stop these emails: ${mail.unsubscribe}`] : []),
  ].join("\n");
  const paragraph = (p: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1e293b">${escapeHtml(p)}</p>`;
  const button = mail.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(mail.action.url)}" style="display:inline-block;background:#4338ca;color:#ffffff;font-weight:600;font-size:16px;text-decoration:none;padding:12px 20px;border-radius:6px">${escapeHtml(mail.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:20px;color:#475569">Or open this link: <a href="${escapeHtml(mail.action.url)}" style="color:#4338ca;word-break:break-all">${escapeHtml(mail.action.url)}</a></p>`
    : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
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
    mail.unsubscribe ? `<br><a href="${escapeHtml(mail.unsubscribe)}" style="color:#475569">Stop these emails</a>` : ""
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
const greet = (name: string | null | undefined) => {
  const shown = name?.trim();
  return shown && unlinkable(shown) === shown ? `Hello ${shown},` : "Hello,";
};

export function verifyEmailMail(input: { name: string | null; url: string; code: string }): MailContent {
  return layout(`Confirm your email address for ${SITE_NAME}`, {
    greeting: greet(input.name),
    paragraphs: [
      `Please confirm that this is your email address, so you can vote and report surveys on ${SITE_NAME}.`,
      `Your code is ${input.code}. Type it on the page that asked you to check your inbox, or open the link below.`,
    ],
    action: { label: "Confirm my email address", url: input.url },
    after: ["The code and the link work once, for 24 hours. If you did not create an account, ignore this mail: nothing happens without them."],
    reason: "you received this mail because this address was used to create an account or to ask for a new confirmation link.",
  });
}

export function resetPasswordMail(input: { name: string | null; url: string }): MailContent {
  return layout(`Reset your ${SITE_NAME} password`, {
    greeting: greet(input.name),
    paragraphs: ["Someone asked to reset the password of your account. If it was you, choose a new password here:"],
    action: { label: "Choose a new password", url: input.url },
    after: ["The link works once, for 30 minutes. If you did not ask for it, ignore this mail: your password stays as it is."],
    reason: "you received this mail because a password reset was requested for this address.",
  });
}

export function changeEmailConfirmMail(input: { name: string | null; url: string }): MailContent {
  return layout(`Confirm your new email address for ${SITE_NAME}`, {
    greeting: greet(input.name),
    paragraphs: [`You asked to use this address for your ${SITE_NAME} account. Confirm it to make the change:`],
    action: { label: "Use this email address", url: input.url },
    after: ["The link works once, for 24 hours. Until it is opened, your account keeps its current address."],
    reason: "you received this mail because this address was entered as the new address of an account.",
  });
}

export function changeEmailNoticeMail(input: { name: string | null; newEmail: string; url: string }): MailContent {
  return layout(`Your ${SITE_NAME} email address is being changed`, {
    greeting: greet(input.name),
    paragraphs: [
      `Someone signed in to your account asked to change its email address to ${input.newEmail}. The change happens only when the link sent to that address is opened.`,
      "If it was not you, change your password now: that ends every session, and the change of address with it.",
    ],
    action: { label: "Sign in to your account", url: input.url },
    reason: "you received this mail because it is the current address of an account whose address is being changed.",
  });
}

/** A result in words: the counts, the plain reading, the margin and the verdict with its reason (`resultSummary`). */
export type ResultSummary = { yesCount: number; noCount: number; line: string };

export function surveyResultMail(input: { name: string | null; title: string; question: string; result: ResultSummary; url: string; unsubscribe: string }): MailContent {
  const title = unlinkable(input.title);
  return layout(`The result: ${title}`, {
    greeting: greet(input.name),
    paragraphs: [`The survey "${title}" has closed. You asked to hear its result.`, unlinkable(input.question), input.result.line],
    action: { label: "See the survey", url: input.url },
    reason: "you received this mail because you ticked \"Email me the result when this survey closes\" when you voted.",
    unsubscribe: input.unsubscribe,
  });
}

export function surveyClosedMail(input: { name: string | null; title: string; result: ResultSummary; url: string; unsubscribe: string }): MailContent {
  const title = unlinkable(input.title);
  return layout(`Your survey has closed: ${title}`, {
    greeting: greet(input.name),
    paragraphs: [`Your survey "${title}" reached its deadline and is closed to votes.`, input.result.line],
    action: { label: "Open its results and voters", url: input.url },
    reason: "you received this mail because you created this survey.",
    unsubscribe: input.unsubscribe,
  });
}

export function surveyUnpublishedMail(input: { name: string | null; title: string; feedback: string; url: string; unsubscribe: string }): MailContent {
  const title = unlinkable(input.title);
  return layout(`Your survey was unpublished: ${title}`, {
    greeting: greet(input.name),
    paragraphs: [`An admin unpublished your survey "${title}". Their feedback:`, input.feedback, "Update the survey, then press “Ask for review” on its page to ask for it to be published again."],
    action: { label: "Read the feedback", url: input.url },
    reason: "you received this mail because you created this survey.",
    unsubscribe: input.unsubscribe,
  });
}

/**
 * To each admin: a surveyor asks for a review of a survey an admin unpublished, with the feedback it was
 * unpublished with. The surveyor's name and address are what they typed, so neither can form a link.
 */
export function reviewRequestedMail(input: {
  name: string | null;
  surveyor: { name: string | null; email: string };
  title: string;
  feedback: string | null;
  url: string;
}): MailContent {
  const title = unlinkable(input.title);
  const surveyorName = input.surveyor.name?.trim();
  const who = surveyorName ? `${unlinkable(surveyorName)} (${unlinkable(input.surveyor.email)})` : `The surveyor ${unlinkable(input.surveyor.email)}`;
  const feedback = input.feedback?.trim();
  return layout(`Review requested: ${title}`, {
    greeting: greet(input.name),
    paragraphs: [
      `${who} asks for the unpublished survey "${title}" to be reviewed and published again.`,
      ...(feedback ? ["It was unpublished with this feedback:", feedback] : []),
    ],
    action: { label: "Review the survey", url: input.url },
    after: ["Publish it from Manage Surveys, or unpublish it again with new feedback: either answers the request."],
    reason: "you received this mail because you are an admin and a surveyor asked for a review.",
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

const NOTICE_SUBJECT: Record<SecurityNotice["what"], string> = {
  totp_added: "A second factor was added to your account",
  totp_removed: "A second factor was removed from your account",
  last_passkey_removed: "A second factor was removed from your account",
  passkey_added: "A passkey was added to your account",
  recovery_code_used: "A recovery code was used on your account",
  recovery_codes_regenerated: "New recovery codes were made for your account",
  password_changed: "Your password was changed",
  password_reset: "Your password was reset",
};

function noticeText(notice: SecurityNotice, when: string): string[] {
  const codes = (n: number) => `${n} recovery code${n === 1 ? "" : "s"}`;
  switch (notice.what) {
    case "totp_added":
      return [`An authenticator app was added to your ${SITE_NAME} account on ${when}. Signing in now asks for a code from it.`];
    case "totp_removed":
      return [
        `The authenticator app was removed from your ${SITE_NAME} account on ${when}.`,
        ...(notice.noneLeft ? ["Your account no longer asks for a second factor when you sign in."] : []),
      ];
    case "last_passkey_removed":
      return [`The last passkey of your ${SITE_NAME} account was removed on ${when}. Your account no longer asks for a second factor when you sign in.`];
    case "passkey_added":
      return [`A passkey was added to your ${SITE_NAME} account on ${when}. It can sign in to your account, and prove a second factor.`];
    case "recovery_code_used":
      return [
        `One of your recovery codes was used on your ${SITE_NAME} account on ${when}. Each code works once: you have ${codes(notice.left)} left.`,
        ...(notice.left <= 3 ? ["Make new codes on your account page before you run out."] : []),
      ];
    case "recovery_codes_regenerated":
      return [`New recovery codes were made for your ${SITE_NAME} account on ${when}. The codes you had before no longer work.`];
    case "password_changed":
      return [`The password of your ${SITE_NAME} account was changed on ${when}, from the account page. Every other browser was signed out.`];
    case "password_reset":
      return [`The password of your ${SITE_NAME} account was reset on ${when}, with a link we mailed to this address. Every browser was signed out.`];
  }
}

/**
 * A security notice: a change to how the account signs in (its password changed or reset, a second
 * factor added or removed, a passkey added, a recovery code used). Sent whatever the person's mail
 * preferences: no unsubscribe link.
 */
export function securityNoticeMail(input: { name: string | null; notice: SecurityNotice; when: string; url: string }): MailContent {
  return layout(NOTICE_SUBJECT[input.notice.what], {
    greeting: greet(input.name),
    paragraphs: [...noticeText(input.notice, input.when), "If this was not you, reset your password and contact us."],
    action: { label: "Review your account's security", url: input.url },
    reason: "you received this mail because it is the address of an account whose sign-in settings changed. These notices are always sent.",
  });
}

/** Lines as paragraphs: `layout` writes each paragraph as one `<p>`, where a bare line break would vanish. */
const linesOf = (text: string) => text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== "");

/**
 * An admin's answer to a message sent through the contact form, with that message quoted below it.
 * Anyone can type any address into the form, so the quoted message, written by the visitor, is made
 * unlinkable: the form cannot be used to put the visitor's links into a stranger's inbox in the site's
 * own frame. The admin's text is the site speaking, and keeps its links.
 */
export function contactReplyMail(input: { name: string; reply: string; original: string; sentOn: string }): MailContent {
  return layout(`Re: your message to ${SITE_NAME}`, {
    greeting: greet(input.name),
    paragraphs: linesOf(input.reply),
    after: [`On ${input.sentOn}, you wrote:`, ...linesOf(unlinkable(input.original)).map((line) => `> ${line}`)],
    reason: "you received this mail because this address was given with a message sent through our contact form.",
  });
}

/**
 * The notice of a sign-in from a browser the account has not used before (opt-out: the account page's
 * mail preferences, or the unsubscribe link).
 */
export function newSignInMail(input: { name: string | null; browser: string; os: string; how: string | null; when: string; url: string; unsubscribe: string }): MailContent {
  return layout(`New sign-in to your ${SITE_NAME} account`, {
    greeting: greet(input.name),
    paragraphs: [
      `Your ${SITE_NAME} account was signed in to from ${input.browser} on ${input.os} on ${input.when}${input.how ? ` (${input.how.toLowerCase()})` : ""}. It is a browser your account had not used before.`,
      "If it was you, there is nothing to do. If not, end that session on your account page and change your password.",
    ],
    action: { label: "See where you are signed in", url: input.url },
    unsubscribe: input.unsubscribe,
    reason: "you received this mail because it is the address of an account that signed in from a new browser.",
  });
}

/**
 * To a surveyor: one of their webhooks was turned off after its deliveries failed again and again
 * (lib/integrations/webhooks/delivery.ts). Always sent, like a security notice: their tools stopped
 * hearing of their surveys. The endpoint's URL is what they typed, so it cannot form a link.
 */
export function webhookDisabledMail(input: { name: string | null; url: string; endpointId: string; failures: number; docs: string }): MailContent {
  return layout(`A webhook of your ${SITE_NAME} account was turned off`, {
    greeting: greet(input.name),
    paragraphs: [
      `We turned off your webhook to ${unlinkable(input.url)} (id ${input.endpointId}): ${input.failures} deliveries in a row failed, each after about a day of retries.`,
      "Its events are no longer sent. Once the receiver answers again, turn the webhook back on with PATCH /api/v1/webhooks/{id} and the body {\"enabled\": true}; the failed deliveries can be sent again from its delivery list.",
    ],
    action: { label: "Read the API reference", url: input.docs },
    reason: "you received this mail because you added this webhook to your account. These notices are always sent.",
  });
}
