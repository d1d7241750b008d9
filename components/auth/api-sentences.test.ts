// The API's English sentences shown on the sign-in pages are said in the page's language: each one the
// server really sends is recognised (English exactly as sent, Spanish and German in translation, with
// what varies carried over), and anything unknown is shown as it came.
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { POST as confirmEmail } from "@/app/api/confirm-email/route";
import { FORGOT_ANSWER } from "@/app/api/password/forgot/route";
import { POST as unsubscribe } from "@/app/api/unsubscribe/route";
import { POST as verifyEmail } from "@/app/api/verify-email/route";
import { codeRefusalMessage, RESET_LINK_MESSAGES } from "@/lib/accounts/account-email";
import { IMAGE_REQUIRED, loginSchema, RESERVED_EMAIL_MESSAGE, registerSchema } from "@/lib/accounts/auth-schema";
import { emailTaken } from "@/lib/accounts/users";
import { imageTooLarge, notAnImage } from "@/lib/accounts/avatars";
import { DISPOSABLE_EMAIL_MESSAGE } from "@/lib/accounts/disposable-email";
import { CODE_MESSAGE, resetPasswordFormSchema, TOKEN_MESSAGE } from "@/lib/accounts/email-links-schema";
import { WRONG_CODE } from "@/lib/accounts/second-factor-schema";
import { issueEmailToken } from "@/lib/auth/email-tokens";
import { BUSY_MESSAGE, RESET_BUSY_MESSAGE } from "@/lib/auth/password";
import { getDb } from "@/lib/db";
import type { Locale } from "@/lib/i18n/types";
import { LIMITS } from "@/lib/limits/table";
import { ALTCHA_MESSAGES } from "@/lib/validation/altcha";
import de from "@/messages/de";
import en from "@/messages/en";
import es from "@/messages/es";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { API_SENTENCES, apiSentence, type AuthTranslator } from "./api-sentences";

const MESSAGES = { en, es, de };
const translator = (locale: Locale) => createTranslator({ locale, messages: MESSAGES[locale], namespace: "auth" }) as unknown as AuthTranslator;
const say = (message: string, locale: Locale) => apiSentence(message, translator(locale));

/** Recognised: English unchanged, and a translation in each other language. */
function expectRecognised(message: string) {
  expect(say(message, "en"), message).toBe(message);
  expect(say(message, "es"), message).not.toBe(message);
  expect(say(message, "de"), message).not.toBe(message);
}

/** The messages a schema gives for `input`, as the forms show them. */
const issuesOf = (schema: { safeParse: (v: unknown) => { error?: { issues: { message: string }[] } } }, input: unknown) =>
  schema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe("the API's sentences in the page's language", () => {
  it("gives each listed sentence back unchanged in English, and translated in Spanish and German", () => {
    for (const [, sentence] of API_SENTENCES) {
      const sample = sentence
        .replace("{email}", "ana@example.test")
        .replace(/\{(min|max|mb|tries|status)\}/g, "7")
        .replace("{count}", sentence.includes("try left") ? "1" : "3");
      expectRecognised(sample);
    }
  });

  it("carries what varies into the translation, counted where it is a count", () => {
    expect(say("ana@example.test is now verified. You can vote on surveys and report them.", "es")).toBe(
      "ana@example.test ya está verificado. Puedes votar en encuestas y denunciarlas.",
    );
    expect(say(codeRefusalMessage({ reason: "wrong", triesLeft: 1 }), "de")).toContain("(noch 1 Versuch)");
    expect(say(codeRefusalMessage({ reason: "wrong", triesLeft: 3 }), "de")).toContain("(noch 3 Versuche)");
    expect(say(codeRefusalMessage({ reason: "wrong", triesLeft: 1 }), "es")).toContain("(queda 1 intento)");
  });

  it("shows a sentence it does not know as the API sent it", () => {
    expect(say("Something entirely new happened.", "es")).toBe("Something entirely new happened.");
    // Only whole sentences: one inside a longer text is not taken for it.
    expect(say(`Note: ${FORGOT_ANSWER}`, "de")).toBe(`Note: ${FORGOT_ANSWER}`);
  });

  it("knows the sentences the server's own code words", () => {
    const sentences = [
      FORGOT_ANSWER,
      ...Object.values(RESET_LINK_MESSAGES),
      ...Object.values(ALTCHA_MESSAGES),
      codeRefusalMessage({ reason: "already" }),
      codeRefusalMessage({ reason: "none" }),
      ...[0, 1, 2, 4].map((triesLeft) => codeRefusalMessage({ reason: "wrong", triesLeft })),
      BUSY_MESSAGE,
      RESET_BUSY_MESSAGE,
      TOKEN_MESSAGE,
      CODE_MESSAGE,
      WRONG_CODE,
      RESERVED_EMAIL_MESSAGE,
      DISPOSABLE_EMAIL_MESSAGE,
      IMAGE_REQUIRED,
      emailTaken().message,
      notAnImage().message,
      imageTooLarge().message,
      ...(
        [
          "signIn.account",
          "passkeyChallenge.client",
          "secondFactor.account",
          "signUp.client",
          "reset.client",
          "forgot.address",
          "verifyMail.account",
          "challenge.client",
          "pictures.server",
          "pictures.person",
        ] as const
      ).map((name) => LIMITS[name].refusal.message),
    ];
    sentences.forEach(expectRecognised);
  });

  it("knows what the sign-in forms' own checks say", () => {
    const said = [
      ...issuesOf(loginSchema, { email: "", password: "" }),
      ...issuesOf(loginSchema, { email: "not an address", password: "x" }),
      ...issuesOf(loginSchema, { email: `${"a".repeat(250)}@example.test`, password: "x" }),
      ...issuesOf(registerSchema, { name: "", email: "a\u202e@example.test", password: "short" }),
      ...issuesOf(registerSchema, { name: "n".repeat(81), email: "a@example.invalid", password: "p".repeat(129) }),
      ...issuesOf(registerSchema, { name: "A\u0007", email: "a@example.test", password: "" }),
      ...issuesOf(resetPasswordFormSchema, { password: "long enough", confirm: "different" }),
    ];
    expect(said.length).toBeGreaterThanOrEqual(10);
    said.forEach(expectRecognised);
  });

  it("knows what the mailed links' routes answer", async () => {
    const person = await createUser({ emailVerified: null });
    const db = await getDb();
    const verifyToken = await db.transaction((tx) => issueEmailToken(tx, { userId: person.id, purpose: "verify_email", email: person.email }));
    const forged = `${verifyToken.split(".")[0]}.${"A".repeat(43)}`;
    const post = (handler: typeof verifyEmail, path: string, body: unknown) => call(handler, { method: "POST", path, body });

    const verified = await post(verifyEmail, "/api/verify-email", { token: verifyToken });
    expect(verified.status).toBe(200);
    const used = await post(verifyEmail, "/api/verify-email", { token: verifyToken });
    const refusals = [
      (await post(verifyEmail, "/api/verify-email", { token: forged })).json.error!.message,
      used.json.error!.message,
      (await post(confirmEmail, "/api/confirm-email", { token: forged })).json.error!.message,
      (await call(unsubscribe, { method: "POST", path: "/api/unsubscribe?token=forged.results.xx" })).json.error!.message,
    ];
    [verified.json.message as string, ...refusals].forEach(expectRecognised);
    expect(say(verified.json.message as string, "de")).toBe(`${person.email} ist jetzt bestätigt. Du kannst in Umfragen abstimmen und sie melden.`);
  });
});
