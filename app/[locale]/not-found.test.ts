// The error page: the spec's one line as its heading, with the way back to the surveys, inside the
// site's frame (navigation, footer) with exactly one <main>: the root one draws the frame itself (an
// unknown address has no layout but the root one); the (site) group's sits in that group's layout,
// which already draws it. An address no page answers reaches the root one through the catch-all page.
import { isValidElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { setRequestLocale } from "next-intl/server";
import { describe, expect, it } from "vitest";
import { NotFoundMessage } from "@/components/site/not-found-message";
import { SiteShell } from "@/components/site/site-shell";
import { inLocale } from "@/tests/intl";
import SiteNotFound from "./(site)/not-found";
import NoSuchPage from "./[...rest]/page";
import NotFound from "./not-found";

describe("the error page", () => {
  it("says the spec's line as its heading and links to the surveys, with no landmark of its own", async () => {
    const markup = renderToStaticMarkup(inLocale(await NotFoundMessage()));
    expect(markup).toMatch(/<h1[^>]*>this is a error page<\/h1>/);
    expect(markup).toMatch(/<a [^>]*href="\/surveys"[^>]*>Browse the surveys<\/a>/);
    expect(markup).not.toContain("<main");
  });

  it("speaks the page's language, its link to the surveys in that language too", async () => {
    setRequestLocale("es");
    try {
      const markup = renderToStaticMarkup(inLocale(await NotFoundMessage(), "es"));
      expect(markup).toMatch(/<h1[^>]*>Esta es una página de error<\/h1>/);
      expect(markup).toMatch(/<a [^>]*href="\/es\/surveys"[^>]*>Ver las encuestas<\/a>/);
    } finally {
      setRequestLocale("en");
    }
  });

  it("for an unknown address, is drawn in the site's frame, which holds the one <main>", () => {
    const page = NotFound();
    expect(isValidElement(page) && page.type).toBe(SiteShell);
    const props = page.props as { children: React.ReactElement; ownMain?: boolean; compactFooter?: boolean };
    expect(props.ownMain).toBeUndefined();
    // The short footer: Next puts this page into every page's payload.
    expect(props.compactFooter).toBe(true);
    expect(props.children.type).toBe(NotFoundMessage);
  });

  it("answers an address no page answers with Next's not-found (a 404), in the address's language segment", async () => {
    const answer = NoSuchPage({ params: Promise.resolve({ locale: "de", rest: ["no", "such", "page"] }) });
    await expect(answer).rejects.toMatchObject({ digest: "NEXT_HTTP_ERROR_FALLBACK;404" });
    setRequestLocale("en");
  });

  it("for a survey or view of the site's pages, is the message alone: the group's layout draws the frame", () => {
    const page = SiteNotFound();
    expect(page.type).toBe(NotFoundMessage);
  });
});
