// Mail in the recipient's saved language, over real SMTP: an account registered on a Spanish or German
// page gets its verification mail in that language (subject, body, the frame around it) with a link to
// that language's page; later mail follows the account's language; English stays exactly as it was.
// And every mail of the product can be written in every language.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clientAddresses, mailRoutes, mailSite, SITE_URL } from "@/tests/mail-site";

const { inbox } = await mailSite();

const { register, forgot } = await mailRoutes();
const { getDb } = await import("@/lib/db");
const templates = await import("./templates");
const { LOCALES } = await import("@/lib/i18n/locales.mjs");
const { contactMessages, users, votes } = await import("@/models");
const { announceClosedSurveys } = await import("@/lib/surveys/notifications");
const { POST: replyRoute } = await import("@/app/api/contact_messages/[id]/reply/route");
const { createSurvey, createUser } = await import("@/tests/factories");
const { call } = await import("@/tests/http");
const { withAltcha } = await import("@/tests/altcha-call");
const { imageForm, pngBytes } = await import("@/tests/images");

const nextClient = clientAddresses("10.93");

async function registerOn(locale: string | undefined, email: string) {
  const fields = { name: "Lena Lang", email, password: "a-good-password", ...(locale === undefined ? {} : { locale }) };
  return call(register, await withAltcha({ method: "POST", headers: nextClient(), rawBody: imageForm(fields, { bytes: await pngBytes() }) }));
}

async function localeOf(email: string) {
  const db = await getDb();
  const [user] = await db.select({ locale: users.locale }).from(users).where(eq(users.email, email));
  return user?.locale;
}

describe("the verification mail in the account's language", () => {
  it("is Spanish for an account registered on a Spanish page, its link to the Spanish page", async () => {
    expect((await registerOn("es", "lena-es@example.test")).status).toBe(201);
    expect(await localeOf("lena-es@example.test")).toBe("es");
    const mail = await inbox("lena-es@example.test");
    expect(mail.subject).toBe("Confirma tu correo electrónico en OPINEX");
    expect(mail.text).toMatch(/^Hola:$/m);
    expect(mail.text).toContain("Confirma que esta es tu dirección de correo electrónico para poder votar y denunciar encuestas en OPINEX.");
    expect(mail.text).toMatch(/Tu código es \d{6}\. /);
    expect(mail.text).toMatch(new RegExp(`^Confirmar mi correo electrónico: ${SITE_URL}/es/verify-email\\?token=`, "m"));
    expect(mail.text).toContain("OPINEX: recibiste este correo porque esta dirección se usó para crear una cuenta");
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.html).toContain("O abre este enlace:");
    expect(mail.html).toContain(`href="${SITE_URL}/es/verify-email?token=`);
    expect(mail.text).not.toMatch(/Confirm your|Hello|you received/);
  });

  it("is German for an account registered on a German page", async () => {
    expect((await registerOn("de", "lena-de@example.test")).status).toBe(201);
    expect(await localeOf("lena-de@example.test")).toBe("de");
    const mail = await inbox("lena-de@example.test");
    expect(mail.subject).toBe("Bestätige deine E-Mail-Adresse für OPINEX");
    expect(mail.text).toMatch(/^Hallo,$/m);
    expect(mail.text).toMatch(/Dein Code lautet \d{6}\. /);
    expect(mail.text).toMatch(new RegExp(`^Meine E-Mail-Adresse bestätigen: ${SITE_URL}/de/verify-email\\?token=`, "m"));
    expect(mail.text).toContain("OPINEX: Du erhältst diese E-Mail, weil");
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain("Oder öffne diesen Link:");
    expect(mail.text).not.toMatch(/Confirm your|Hello|you received/);
  });

  it("stays as it was in English, with or without the page's language", async () => {
    for (const [locale, email] of [["en", "lena-en@example.test"], [undefined, "lena-none@example.test"]] as const) {
      expect((await registerOn(locale, email)).status).toBe(201);
      expect(await localeOf(email)).toBe("en");
      const mail = await inbox(email);
      const code = /Your code is (\d{6})\./.exec(mail.text)?.[1];
      const url = new RegExp(`${SITE_URL}/verify-email\\?token=[^\\s"]+`).exec(mail.text)?.[0];
      expect(mail.subject).toBe("Confirm your email address for OPINEX");
      expect(mail.text.trimEnd()).toBe(
        [
          "Hello,",
          "",
          "Please confirm that this is your email address, so you can vote and report surveys on OPINEX.",
          "",
          `Your code is ${code}. Type it on the page that asked you to check your inbox, or open the link below.`,
          "",
          `Confirm my email address: ${url}`,
          "",
          "The code and the link work once, for 24 hours. If you did not create an account, ignore this mail: nothing happens without them.",
          "",
          "--",
          "OPINEX: you received this mail because this address was used to create an account or to ask for a new confirmation link.",
        ].join("\n"),
      );
      expect(mail.html).toContain('<html lang="en">');
      expect(mail.html).toContain(`Or open this link: <a href="${url}"`);
    }
  });
});

describe("later mail in the account's language", () => {
  it("a forgotten password is answered in the account's language, with the page in that language", async () => {
    const person = await createUser({ email: "olvido@example.test", name: "Olga Olvido" });
    const db = await getDb();
    await db.update(users).set({ locale: "es" }).where(eq(users.id, person.id));
    expect((await call(forgot, await withAltcha({ method: "POST", body: { email: person.email }, headers: nextClient() }))).status).toBe(200);
    const mail = await inbox(person.email);
    expect(mail.subject).toBe("Restablece tu contraseña de OPINEX");
    expect(mail.text).toMatch(/^Hola:$/m);
    expect(mail.text).toContain(`Elegir una contraseña nueva: ${SITE_URL}/es/reset-password?token=`);
  });
});

describe("mail of a job or of another person's act, in each recipient's own language", () => {
  const setLocale = async (id: string, locale: string) => (await getDb()).update(users).set({ locale }).where(eq(users.id, id));

  it("a closed survey's result and its surveyor's news, each in the language of whoever receives it", async () => {
    const db = await getDb();
    const surveyor = await createUser({ role: "surveyor", name: "Sam" });
    await setLocale(surveyor.id, "de");
    const survey = await createSurvey(surveyor.id, { title: "Lenguas", deadlineInDays: -2, yesCount: 2, noCount: 1 });
    const [spanish, english] = [await createUser({ name: "Sol" }), await createUser({ name: "Eve" })];
    await setLocale(spanish.id, "es");
    await db.insert(votes).values([spanish, english].map((voter) => ({ surveyId: survey.id, userId: voter.id, vote: "yes" as const, notifyResult: true })));
    expect(await announceClosedSurveys()).toBe(1);

    const es = await inbox(spanish.email);
    expect(es.subject).toBe("El resultado: Lenguas");
    expect(es.text).toContain("La encuesta «Lenguas» se ha cerrado.");
    expect(es.text).toContain("Sí 2, No 1. ");
    expect(es.text).toContain(`Ver la encuesta: ${SITE_URL}/es/survey/details/${survey.id}`);
    expect(es.text).toContain(`Dejar de recibir estos correos: ${SITE_URL}/es/unsubscribe?token=`);

    const de = await inbox(surveyor.email);
    expect(de.subject).toBe("Deine Umfrage ist beendet: Lenguas");
    expect(de.text).toContain("Ja 2, Nein 1. ");
    expect(de.text).toContain(`${SITE_URL}/de/dashboard/surveyor/surveys/${survey.id}`);

    const en = await inbox(english.email);
    expect(en.subject).toBe("The result: Lenguas");
    expect(en.text).toContain("Yes 2, No 1. Most voters said Yes: 67% of 3 votes.");
    expect(en.text).toContain(`See the survey: ${SITE_URL}/survey/details/${survey.id}`);
  });

  it("a reply to the contact form is in the language of the account with that address, else English", async () => {
    const admin = await createUser({ role: "admin" });
    const known = await createUser({ email: "kontakt@example.test" });
    await setLocale(known.id, "de");
    const db = await getDb();
    const messages = await db
      .insert(contactMessages)
      .values([
        { name: "Karl", email: "kontakt@example.test", message: "Frage" },
        { name: "Nobody", email: "no-account@example.test", message: "Question" },
      ])
      .returning();
    for (const message of messages) {
      const res = await call(replyRoute, { method: "POST", as: admin, path: `/api/contact_messages/${message.id}/reply`, params: { id: message.id }, body: { message: "Danke." } });
      expect(res.status).toBe(200);
    }
    const german = await inbox("kontakt@example.test");
    expect(german.subject).toBe("Re: deine Nachricht an OPINEX");
    expect(german.text).toMatch(/^Hallo Karl,$/m);
    expect(german.text).toMatch(/^Am .+ hast du geschrieben:$/m);
    expect((await inbox("no-account@example.test")).subject).toBe("Re: your message to OPINEX");
  });
});

describe("every mail in every language", () => {
  const url = `${SITE_URL}/x`;
  const result = { yesCount: 2, noCount: 1, line: "…" };
  const write = (locale: (typeof LOCALES)[number]) => [
    templates.verifyEmailMail({ locale, name: null, url, code: "012345" }),
    templates.resetPasswordMail({ locale, name: "Ada", url }),
    templates.changeEmailConfirmMail({ locale, name: null, url }),
    templates.changeEmailNoticeMail({ locale, name: "Ada", newEmail: "new@example.test", url }),
    templates.surveyResultMail({ locale, name: "Ada", title: "T", question: "Q?", result, url, unsubscribe: url }),
    templates.surveyClosedMail({ locale, name: "Ada", title: "T", result, url, unsubscribe: url }),
    templates.surveyUnpublishedMail({ locale, name: "Ada", title: "T", feedback: "F", url, unsubscribe: url }),
    templates.reviewRequestedMail({ locale, name: "Ada", surveyor: { name: null, email: "s@example.test" }, title: "T", feedback: "F", url }),
    templates.reviewRequestedMail({ locale, name: "Ada", surveyor: { name: "Sam", email: "s@example.test" }, title: "T", feedback: null, url }),
    ...(["totp_added", "last_passkey_removed", "passkey_added", "recovery_codes_regenerated", "password_changed", "password_reset"] as const).map((what) =>
      templates.securityNoticeMail({ locale, name: "Ada", notice: { what }, when: "W", url }),
    ),
    templates.securityNoticeMail({ locale, name: "Ada", notice: { what: "totp_removed", noneLeft: true }, when: "W", url }),
    templates.securityNoticeMail({ locale, name: "Ada", notice: { what: "recovery_code_used", left: 1 }, when: "W", url }),
    templates.contactReplyMail({ locale, name: "Ada", reply: "R", original: "O", sentOn: "W" }),
    templates.newSignInMail({ locale, name: "Ada", browser: null, os: "Linux", method: "password+totp", when: "W", url, unsubscribe: url }),
    templates.newSignInMail({ locale, name: "Ada", browser: "Chrome 120", os: null, method: "unknown", when: "W", url, unsubscribe: url }),
    templates.webhookDisabledMail({ locale, name: "Ada", url: "https://hooks.example/x", endpointId: "E", failures: 1000, docs: url }),
  ];

  it("writes each one without a missing text or a placeholder left over", async () => {
    for (const locale of LOCALES) {
      for (const mail of await Promise.all(write(locale))) {
        for (const part of [mail.subject, mail.text]) {
          expect(part, `${locale}: ${mail.subject}`).not.toMatch(/\bmail\.\w+|\{(?!"enabled"|id\})|undefined/);
        }
        expect(mail.html).toContain(`<html lang="${locale}">`);
      }
    }
  });

  it("says in each language what English says in its words", async () => {
    const [en, es, de] = await Promise.all(LOCALES.map((locale) => Promise.all(write(locale))));
    for (let i = 0; i < en.length; i++) {
      expect(es[i].subject, en[i].subject).not.toBe(en[i].subject);
      expect(de[i].subject, en[i].subject).not.toBe(en[i].subject);
    }
    const signIn = (mails: typeof en) => mails.find((mail) => /sign-in|inicio de sesión|Anmeldung/.test(mail.subject))!.text;
    expect(signIn(en)).toContain("from Unknown browser on Linux on W (password and authenticator app).");
    expect(signIn(es)).toContain("desde un navegador desconocido en Linux el W (contraseña y app de autenticación).");
    expect(signIn(de)).toContain("am W jemand mit einem unbekannten Browser unter Linux angemeldet (Passwort und Authenticator-App).");
    const webhook = (mails: typeof en) => mails.at(-1)!.text;
    expect(webhook(en)).toContain('We turned off your webhook to https[:]//hooks[.]example/x (id E): 1000 deliveries in a row failed');
    expect(webhook(en)).toContain('turn the webhook back on with PATCH /api/v1/webhooks/{id} and the body {"enabled": true}; the failed');
    expect(webhook(es)).toContain('PATCH /api/v1/webhooks/{id} y el cuerpo {"enabled": true};');
    expect(webhook(de)).toContain('PATCH /api/v1/webhooks/{id} und dem Body {"enabled": true};');
  });
});
