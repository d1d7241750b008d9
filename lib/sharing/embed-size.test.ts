// The embed's frame is as high as its card at a phone's width: the snippet and the oEmbed answer give a
// plain <iframe> no script, so a frame lower than the card clips it (an open survey's card, with its
// "Vote on OPINEX:" and two answers, once needed 271 px in a 260-px frame at 390 px).
import { describe, expect, it } from "vitest";
import { embedCardHeight, embedContentOf, embedSize, EMBED_MIN_WIDTH, lineCount, type EmbedContent } from "./embed-size";

const open: EmbedContent = {
  questionTitle: "Remote by default",
  title: "Should remote work stay the default for software teams?",
  deadline: "2026-12-31",
  shown: "total",
  yesCount: 62,
  noCount: 22,
  voided: 0,
  closed: false,
  locale: "en",
};
const closed: EmbedContent = { ...open, shown: "split", closed: true };
const long = "Should every public library in the country open on Sundays and public holidays, with longer evening hours on weekdays for working people?";

describe("lineCount", () => {
  it("wraps words greedily and breaks a word longer than the line", () => {
    expect(lineCount("Yes", 300, 14)).toBe(1);
    expect(lineCount("word ".repeat(40).trim(), 300, 14)).toBeGreaterThan(2);
    // 60 letters with no space: several lines of a narrow box, one of a wide one.
    expect(lineCount("a".repeat(60), 100, 14)).toBeGreaterThanOrEqual(5);
    expect(lineCount("a".repeat(60), 1000, 14)).toBe(1);
    // A hyphenated address may end a line after a hyphen.
    expect(lineCount("a-very-long-address-without-any-space", 120, 18, true)).toBeGreaterThan(1);
  });
});

describe("embedSize", () => {
  it("holds the card Chromium draws at 320 px (DejaVu Sans, the widest common system font), without much to spare", () => {
    // Heights of the card measured in Chromium at a 320-px frame.
    const measured: [string, EmbedContent, number][] = [
      ["open, short titles", open, 319],
      ["open, long titles", { ...open, questionTitle: long, title: long }, 483],
      ["open, results kept until the deadline", { ...open, shown: "none" }, 299],
      ["closed, short titles", closed, 423],
      ["closed, long titles, large counts and voided votes", { ...closed, questionTitle: long, title: long, yesCount: 1_234_567, noCount: 1_234, voided: 12_345 }, 635],
      ["closed without votes", { ...closed, yesCount: 0, noCount: 0 }, 239],
    ];
    for (const [name, content, height] of measured) {
      const size = embedSize(content);
      expect(size.width, name).toBe(480);
      expect(size.height, name).toBeGreaterThanOrEqual(height);
      expect(size.height, name).toBeLessThanOrEqual(height + 40);
    }
    // The size every survey's snippet once had.
    expect(embedSize(open).height).toBeGreaterThan(260);
  });

  it("is sized for the narrowest frame: a wider frame's card is never higher", () => {
    for (const content of [open, closed, { ...open, questionTitle: long, title: long }]) {
      const narrow = embedCardHeight(content, EMBED_MIN_WIDTH);
      for (const width of [360, 390, 420, 480]) expect(embedCardHeight(content, width)).toBeLessThanOrEqual(narrow);
    }
  });

  it("keeps room for any total an open survey's live count may reach", () => {
    expect(embedSize({ ...open, yesCount: 0, noCount: 0 })).toEqual(embedSize({ ...open, yesCount: 4_000_000, noCount: 5_000_000 }));
  });

  it("measures the card in its own language's words, which take more room in Spanish and German", () => {
    for (const content of [open, closed, { ...open, shown: "none" as const }]) {
      const english = embedSize(content).height;
      expect(embedSize({ ...content, locale: "es" }).height).toBeGreaterThan(english);
      expect(embedSize({ ...content, locale: "de" }).height).toBeGreaterThan(english);
    }
  });

  it("follows oEmbed's maxwidth (narrower: higher) and maxheight (a cap)", () => {
    const normal = embedSize(open);
    const narrow = embedSize(open, { maxWidth: 280 });
    expect(narrow.width).toBe(280);
    expect(narrow.height).toBeGreaterThan(normal.height);
    expect(embedSize(open, { maxWidth: 2000 }).width).toBe(480);
    expect(embedSize(open, { maxHeight: 200 })).toEqual({ width: 480, height: 200 });
  });
});

describe("embedContentOf", () => {
  const survey = { questionTitle: "Q", title: "T", yesCount: 3, noCount: 1, voidedCount: 2, surveyorId: "s" };
  it("shows what the embed shows the public: the total while open, the split once closed, nothing while kept", () => {
    expect(embedContentOf({ ...survey, deadline: "2026-06-30" }, "2026-06-01")).toMatchObject({ shown: "total", closed: false, voided: 2 });
    expect(embedContentOf({ ...survey, deadline: "2026-05-30" }, "2026-06-01")).toMatchObject({ shown: "split", closed: true, voided: 2 });
    expect(embedContentOf({ ...survey, deadline: "2026-06-30", resultsVisibility: "after_deadline" }, "2026-06-01")).toMatchObject({ shown: "none", voided: 0 });
  });

  it("gives an open survey's snippet room for its card once voting has closed (results revealed), as it stays on the host's page", () => {
    const long = { ...survey, questionTitle: "Should the library open on Sundays?", title: "Sunday opening hours for every branch of the city library" };
    for (const resultsVisibility of ["after_voting", "after_deadline"] as const) {
      const now = embedContentOf({ ...long, deadline: "2026-06-30", resultsVisibility }, "2026-06-01");
      const later = embedContentOf({ ...long, deadline: "2026-06-30", resultsVisibility }, "2026-07-01");
      expect(now.onceClosed).toMatchObject({ closed: true, shown: "split" });
      expect(embedSize(now).height, resultsVisibility).toBeGreaterThanOrEqual(embedSize(later).height);
      expect(embedSize(now).height).toBeGreaterThan(embedCardHeight({ ...now, onceClosed: undefined }, EMBED_MIN_WIDTH));
    }
  });
});
