// The page of a mail's "Stop these emails" link: before the press one neutral question (nothing is
// said as done, nothing green); the sentence of what was done comes only with the answer, once.
import { createElement, isValidElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UnsubscribeConfirm } from "@/components/auth/unsubscribe-button";
import { unsubscribeToken } from "@/lib/mail/unsubscribe";
import { createUser } from "@/tests/factories";
import { inLocale } from "@/tests/intl";
import Page from "./page";

const open = (token: string, locale = "en") => Page({ searchParams: Promise.resolve({ token }), params: Promise.resolve({ locale }) });
const textOf = (markup: string) => markup.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("/unsubscribe", () => {
  it("asks first: a neutral question with its button, and no word of it being done", async () => {
    const person = await createUser();
    const token = unsubscribeToken(person.id, "results");
    const page = await open(token);
    expect(isValidElement(page) && page.type).toBe(UnsubscribeConfirm);
    expect(page.props).toEqual({ token, kind: "results" });

    const markup = renderToStaticMarkup(inLocale(createElement(UnsubscribeConfirm, { token, kind: "results" })));
    expect(markup).toMatch(/<h1[^>]*>Stop these emails\?<\/h1>/);
    expect(textOf(markup)).toContain("Press Unsubscribe to stop emails about the results of surveys you asked to hear about.");
    expect(markup).toMatch(/<button[^>]*>Unsubscribe<\/button>/);
    expect(markup).not.toContain("no longer receive");
    expect(markup).not.toContain("green");
    expect(markup).not.toContain('role="status"');
  });

  it("asks in the page's language, naming the kind of mail in it", async () => {
    const person = await createUser();
    const token = unsubscribeToken(person.id, "sign-in");
    const spanish = renderToStaticMarkup(inLocale(createElement(UnsubscribeConfirm, { token, kind: "sign-in" }), "es"));
    expect(spanish).toMatch(/<h1[^>]*>¿Dejar de recibir estos correos\?<\/h1>/);
    expect(textOf(spanish)).toContain("dejar de recibir correos sobre inicios de sesión en tu cuenta desde un navegador nuevo.");
    expect(spanish).toMatch(/<button[^>]*>Darme de baja<\/button>/);
    const german = renderToStaticMarkup(inLocale(createElement(UnsubscribeConfirm, { token, kind: "sign-in" }), "de"));
    expect(german).toMatch(/<button[^>]*>Abbestellen<\/button>/);
    expect(textOf(german)).toContain("keine E-Mails mehr über Anmeldungen bei deinem Konto aus einem neuen Browser zu bekommen.");
  });

  it("says a forged link is not valid, with the way to the account page, in the page's language", async () => {
    const person = await createUser();
    const forged = `${unsubscribeToken(person.id, "results").slice(0, -2)}xx`;
    const markup = renderToStaticMarkup(inLocale(await open(forged)));
    expect(markup).toContain("This link is not valid");
    expect(markup).toContain('href="/dashboard/account"');
    expect(markup).not.toContain("Unsubscribe</button>");

    const german = renderToStaticMarkup(inLocale(await open(forged, "de"), "de"));
    expect(german).toContain("Dieser Link ist ungültig");
    expect(german).toContain('href="/de/dashboard/account"');
  });
});
