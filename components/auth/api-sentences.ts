import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type messages from "@/messages/auth/en.json";

// The API answers in English: the sentences these pages show from it (a refusal, what was done) are
// recognised here and said in the page's language from `auth.api`. Each English sentence is written
// with `{placeholders}` for what varies (an address, a count); its English translation is the same
// sentence, so English pages show exactly what the API said. A sentence not listed is shown as sent.

type ApiKey = keyof (typeof messages)["api"];
type Values = Record<string, string | number>;
/** A translator of the `auth` area (next-intl's `useTranslations("auth")` or `getTranslations("auth")`). */
export type AuthTranslator = (key: `api.${ApiKey}`, values?: Values) => string;

export const API_SENTENCES: readonly (readonly [ApiKey, string])[] = [
  // A field's checks: the forms' own (lib/accounts/auth-schema.ts) and the API's, the same words.
  ["emailRequired", "Email is required"],
  ["emailTooLong", "Email is too long"],
  ["emailInvalid", "Invalid email address"],
  ["emailControl", "Email cannot contain control characters or text-direction overrides"],
  ["emailReserved", "This address cannot receive email (.invalid and .localhost are reserved names). Please use your own address."],
  ["emailDisposable", "Disposable email addresses can't be used. Please use your own address."],
  ["emailTaken", "An account with this email already exists. Please log in instead."],
  ["nameRequired", "Name is required"],
  ["nameTooLong", "Name is too long"],
  ["nameControl", "Name cannot contain control characters or text-direction overrides"],
  ["passwordRequired", "Password is required"],
  ["passwordTooShort", "Password must be at least {min} characters"],
  ["passwordTooLong", "Password must be at most {max} characters"],
  ["passwordsDiffer", "The two passwords are not the same"],
  ["imageRequired", "image is required"],
  ["pictureTooBig", "The picture must be at most {mb} MB"],
  ["pictureNotImage", "The picture must be a PNG, JPEG, WebP or GIF image"],
  ["pictureTooManyPixels", "The picture must be at most 25 megapixels (for example 5000 × 5000)"],
  ["picturesBusy", "Too many pictures are being processed right now. Please try again in a moment."],
  ["picturePending", "Your previous picture is still being processed. Please try again in a moment."],
  // The robot check (lib/validation/altcha.ts) and its limit.
  ["altchaRequired", "Please confirm you are not a robot: tick the “I'm not a robot” box and wait for the tick."],
  ["altchaInvalid", "The robot check did not pass. Please tick the “I'm not a robot” box again."],
  ["altchaExpired", "The robot check expired. Please tick the “I'm not a robot” box again."],
  ["altchaReplayed", "This robot check was already used. Please tick the “I'm not a robot” box again."],
  ["altchaTooMany", "Too many robot checks from your network. Please wait a minute and try again."],
  // Signing in, registering, and the second factor.
  ["tooManyAttempts", "Too many attempts. Please wait 15 minutes and try again."],
  ["signInsBusy", "Too many sign-ins right now. Please try again in a moment."],
  ["serverBusy", "The server is busy right now. Please try again in a moment."],
  ["passkeySignInsTooMany", "Too many passkey sign-ins from your network. Please wait a minute and try again."],
  ["accountsTooMany", "Too many accounts were created from your network. Please try again in 15 minutes."],
  ["wrongCodesTooMany", "Too many wrong codes. Please wait 15 minutes and try again."],
  ["secondFactorWrongCode", "That code did not match. Check the time on your phone and try the newest code."],
  ["secondFactorPasskeyRefused", "This passkey could not be verified, or its request expired. Please try again."],
  ["secondFactorNone", "Set up an authenticator app or a passkey first."],
  ["secondFactorNoPasskey", "This account has no passkey."],
  ["secondFactorOldSession", "This browser signed in before second factors were kept per session. Sign out and sign in again."],
  // Mailed links: verifying an address, confirming a new one, resetting a password.
  ["linkNotValid", "This link is not valid. Check that you opened the whole link from the email."],
  ["verifyAlready", "This link was already used, and your email address is verified. You can vote on surveys and report them."],
  ["verifyUsed", "This link was already used: each link works once. If your address is still not verified, ask for a new one."],
  ["verifyExpired", "This link has expired: verification links work for 24 hours. Ask for a new one."],
  ["verifyInvalid", "This link is not valid. Check that you opened the whole link from the email, or ask for a new one."],
  ["verified", "{email} is now verified. You can vote on surveys and report them."],
  ["confirmAlready", "This link was already used, and your account already uses this address. Use it to sign in."],
  ["confirmUsed", "This link was already used: each link works once. Ask for the change again from your account page if you need to."],
  ["confirmExpired", "This link has expired: confirmation links work for 24 hours. Ask for the change again from your account page."],
  ["confirmInvalid", "This link is not valid. Check that you opened the whole link from the email, or ask for the change again from your account page."],
  ["confirmTaken", "This address is taken: another account uses it now, so yours was not changed."],
  ["confirmed", "Your account's address is now {email}. Every browser and app was signed out: sign in again with it."],
  ["resetInvalid", "This reset link is not valid. Ask for a new one."],
  ["resetExpired", "This reset link has expired (links work for 30 minutes). Ask for a new one."],
  ["resetUsed", "This reset link was already used, or the account's password or address changed since. Ask for a new one if you need to."],
  ["resetRequestsTooMany", "Too many reset requests. Please check your inbox, or try again in an hour."],
  ["resetAttemptsTooMany", "Too many reset attempts. Please wait 15 minutes and try again."],
  ["resetsBusy", "Too many password resets right now. Please try again in a moment."],
  ["forgotSent", "If an account uses this address, we sent it a link to choose a new password. It works for 30 minutes."],
  ["resetDone", "Your password was changed. Sign in with the new one."],
  // The verification mail's code, and a new mail.
  ["codeFormat", "The code is the six digits from the email."],
  ["codeAlready", "Your email address is already verified."],
  ["codeNone", "This code no longer works: it was used, it expired, or it was typed wrong too often. Ask for a new email."],
  ["codeLast", "That code is not right, and that was the last of {tries} tries. Ask for a new email."],
  ["codeWrong", "That code is not right. Check the six digits in the email and try again ({count} try left)."],
  ["codeWrong", "That code is not right. Check the six digits in the email and try again ({count} tries left)."],
  ["codeSignedOut", "Login first: the code works only for the account it was sent to."],
  ["resent", "We sent a new link to {email}."],
  ["resendNoMail", "This site sends no email: there is nothing to verify."],
  ["resendTooMany", "We already sent 3 emails in the last hour. Check your spam folder, or try again later."],
  ["suspendedNoMail", "This account is suspended. It is sent no email until the suspension is lifted."],
  ["accountNotFound", "Account not found"],
  ["unsubscribeInvalid", "This unsubscribe link is not valid."],
  // Any call: signed out, a failure on the server, none reached (lib/api/client.ts).
  ["signInFirst", "Please sign in first"],
  ["ourSide", "Something went wrong on our side"],
  ["unreachable", "Could not reach the server. Check your connection and try again."],
  ["requestFailed", "Request failed ({status})"],
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A sentence as a pattern: its placeholders become named groups (`{email}` → `(?<email>.+?)`). */
function patternOf(sentence: string): RegExp {
  const source = sentence
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? `(?<${part.slice(1, -1)}>.+?)` : escape(part)))
    .join("");
  return new RegExp(`^${source}$`, "s");
}

let patterns: [ApiKey, RegExp][] | undefined;

/** What a placeholder held: a number where it was one (so a plural can count it), else the text. */
const valuesOf = (groups: Record<string, string> = {}): Values =>
  Object.fromEntries(Object.entries(groups).map(([name, value]) => [name, /^\d+$/.test(value) ? Number(value) : value]));

/** The API's sentence in the translator's language; one not recognised, as it is. */
export function apiSentence(message: string, t: AuthTranslator): string {
  patterns ??= API_SENTENCES.map(([key, sentence]) => [key, patternOf(sentence)]);
  for (const [key, pattern] of patterns) {
    const match = pattern.exec(message);
    if (match) return t(`api.${key}`, valuesOf(match.groups));
  }
  return message;
}

/** `say(message)`: the API's sentence in the page's language (the component must sit in an `auth` island). */
export function useApiSentence(): (message: string) => string {
  const t = useTranslations("auth") as unknown as AuthTranslator;
  return useCallback((message: string) => apiSentence(message, t), [t]);
}
