// "Votes over time" before the first vote says so, and draws no empty chart; after, its summary counts
// in the right number ("1 vote over 1 day"), in the page's language.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Locale } from "@/lib/i18n/types";
import { inLocale } from "@/tests/intl";
import { VotesOverTime } from "./votes-over-time";

const render = (props: Parameters<typeof VotesOverTime>[0], locale: Locale = "en") => renderToStaticMarkup(inLocale(createElement(VotesOverTime, props), locale));
const textOf = (markup: string) => markup.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
const twoDays = {
  days: [
    { day: "2026-11-20", yes: 2, no: 1 },
    { day: "2026-11-21", yes: 0, no: 1 },
  ],
  totals: { yes: 2, no: 2 },
};

describe("VotesOverTime", () => {
  it("says No votes yet, with no chart and no table, before the first vote", () => {
    const markup = render({ days: [{ day: "2026-11-20", yes: 0, no: 0 }], totals: { yes: 0, no: 0 } });
    expect(textOf(markup)).toContain("No votes yet.");
    expect(markup).not.toContain('data-testid="votes-over-time-chart"');
    expect(markup).not.toContain("scope=");
  });

  it("draws the chart once there are votes, and counts them in the right number", () => {
    const one = render({ days: [{ day: "2026-11-20", yes: 1, no: 0 }], totals: { yes: 1, no: 0 } });
    expect(one).toContain('data-testid="votes-over-time-chart"');
    expect(textOf(one)).toMatch(/1 vote over 1 day; the busiest day was .+ with 1 vote\./);
    expect(textOf(render(twoDays))).toMatch(/4 votes over 2 days; the busiest day was Nov 20, 2026 with 3 votes\./);
  });

  it("speaks Spanish and German, dates included", () => {
    const spanish = textOf(render(twoDays, "es"));
    expect(spanish).toContain("Votos a lo largo del tiempo");
    expect(spanish).toContain("4 votos en 2 días; el día con más actividad fue el 20 nov 2026, con 3 votos.");
    const german = textOf(render(twoDays, "de"));
    expect(german).toContain("Stimmen im Zeitverlauf");
    expect(german).toMatch(/4 Stimmen an 2 Tagen; der stärkste Tag war der 20\. Nov\. 2026 mit 3 Stimmen\./);
    expect(textOf(render({ days: [{ day: "2026-11-20", yes: 0, no: 0 }], totals: { yes: 0, no: 0 } }, "de"))).toContain("Noch keine Stimmen.");
  });
});
