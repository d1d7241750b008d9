// The deadline note in the page's language, its date in a <time>: open through the end of the deadline
// day, closed after it.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { inLocale } from "@/tests/intl";
import { DeadlineNote } from "./deadline-note";

const note = (today: string, locale: "en" | "es" | "de" = "en") =>
  renderToStaticMarkup(inLocale(createElement(DeadlineNote, { deadline: "2027-01-21", today, timeZone: "UTC" }), locale));

describe("DeadlineNote", () => {
  it("says until when voting is open, then when it closed", () => {
    expect(note("2027-01-21")).toBe('<p data-testid="deadline-note">Voting closes at the end of <time dateTime="2027-01-21">Jan 21, 2027</time> (UTC)</p>');
    expect(note("2027-01-22")).toBe('<p data-testid="deadline-note">Voting closed on <time dateTime="2027-01-21">Jan 21, 2027</time></p>');
  });

  it("says it in Spanish and German, with their dates", () => {
    expect(note("2027-01-21", "es")).toContain('La votación se cierra al final del <time dateTime="2027-01-21">21 ene 2027</time> (UTC)');
    expect(note("2027-01-22", "de")).toContain('Die Abstimmung endete am <time dateTime="2027-01-21">21. Jan. 2027</time>');
  });
});
