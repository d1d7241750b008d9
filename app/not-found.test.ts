// The error page: the spec's one line as its heading, with the way back to the surveys, inside the
// site's frame (navigation, footer) with exactly one <main>: the root one draws the frame itself (an
// unknown address has no layout but the root one); the (site) group's sits in that group's layout,
// which already draws it.
import { createElement, isValidElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NotFoundMessage } from "@/components/site/not-found-message";
import { SiteShell } from "@/components/site/site-shell";
import SiteNotFound from "./(site)/not-found";
import NotFound from "./not-found";

describe("the error page", () => {
  it("says the spec's line as its heading and links to the surveys, with no landmark of its own", () => {
    const markup = renderToStaticMarkup(createElement(NotFoundMessage));
    expect(markup).toMatch(/<h1[^>]*>this is a error page<\/h1>/);
    expect(markup).toMatch(/<a [^>]*href="\/surveys"[^>]*>Browse the surveys<\/a>/);
    expect(markup).not.toContain("<main");
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

  it("for a survey or view of the site's pages, is the message alone: the group's layout draws the frame", () => {
    const page = SiteNotFound();
    expect(page.type).toBe(NotFoundMessage);
  });
});
