// The page of a mail's "Stop these emails" link: before the press one neutral question (nothing is
// said as done, nothing green); the sentence of what was done comes only with the answer, once.
import { createElement, isValidElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UnsubscribeConfirm } from "@/components/auth/unsubscribe-button";
import { PREFERENCE_LABELS, unsubscribeToken } from "@/lib/mail/unsubscribe";
import { createUser } from "@/tests/factories";
import Page from "./page";

const open = (token: string) => Page({ searchParams: Promise.resolve({ token }) });
const textOf = (markup: string) => markup.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("/unsubscribe", () => {
  it("asks first: a neutral question with its button, and no word of it being done", async () => {
    const person = await createUser();
    const token = unsubscribeToken(person.id, "results");
    const page = await open(token);
    expect(isValidElement(page) && page.type).toBe(UnsubscribeConfirm);
    expect(page.props).toEqual({ token, about: PREFERENCE_LABELS.results });

    const markup = renderToStaticMarkup(createElement(UnsubscribeConfirm, { token, about: PREFERENCE_LABELS.results }));
    expect(markup).toMatch(/<h1[^>]*>Stop these emails\?<\/h1>/);
    expect(textOf(markup)).toContain(`Press Unsubscribe to stop emails about ${PREFERENCE_LABELS.results}.`);
    expect(markup).toMatch(/<button[^>]*>Unsubscribe<\/button>/);
    expect(markup).not.toContain("no longer receive");
    expect(markup).not.toContain("green");
    expect(markup).not.toContain('role="status"');
  });

  it("says a forged link is not valid, with the way to the account page", async () => {
    const person = await createUser();
    const forged = `${unsubscribeToken(person.id, "results").slice(0, -2)}xx`;
    const markup = renderToStaticMarkup(await open(forged));
    expect(markup).toContain("This link is not valid");
    expect(markup).toContain('href="/dashboard/account"');
    expect(markup).not.toContain("Unsubscribe</button>");
  });
});
