import { setRequestLocale } from "next-intl/server";
import { describe, expect, it } from "vitest";
import { textOf } from "@/tests/element-text";
import { CARD_DESCRIPTION_LENGTH, preview, SurveyCard } from "./survey-card";

const card = {
  id: "0c7d8a4e-1b2c-4d3e-8f9a-0b1c2d3e4f50",
  title: "Card",
  category: "Other" as const,
  description: "A card.",
  deadline: "2030-01-21",
  yesCount: 4321,
  noCount: 1234,
  surveyorId: "5f0d8a4e-1b2c-4d3e-8f9a-0b1c2d3e4f51",
};

describe("survey card votes", () => {
  it("shows the vote count of a survey that shows its results after voting", async () => {
    const text = textOf(await SurveyCard({ survey: { ...card, resultsVisibility: "after_voting" }, today: "2030-01-01" }));
    expect(text).toContain("Votes: 5555");
  });

  it("shows no count for a survey that keeps its results until its deadline, until the deadline has passed", async () => {
    const open = textOf(await SurveyCard({ survey: { ...card, resultsVisibility: "after_deadline" }, today: "2030-01-21" }));
    expect(open).toContain("Results after the deadline");
    expect(open).not.toMatch(/5555|4321|1234/);
    const closed = textOf(await SurveyCard({ survey: { ...card, resultsVisibility: "after_deadline" }, today: "2030-01-22" }));
    expect(closed).toContain("Votes: 5555");
  });
});

describe("survey card in the page's language", () => {
  it("names the category, the deadline and the count in English, Spanish and German; the survey's own texts stay as written", async () => {
    const render = async (locale: "en" | "es" | "de", today: string) => {
      setRequestLocale(locale);
      return textOf(await SurveyCard({ survey: { ...card, category: "Health", resultsVisibility: "after_voting" }, today }));
    };
    try {
      expect(await render("en", "2030-01-01")).toBe("HealthCloses Jan 21CardA card.Votes: 5555");
      expect(await render("es", "2030-01-01")).toBe("SaludCierra el 21 eneCardA card.Votos: 5555");
      expect(await render("de", "2030-01-01")).toBe("GesundheitEndet am 21. Jan.CardA card.Stimmen: 5.555");
      expect(await render("es", "2030-01-22")).toContain("Cerrada");
      expect(await render("de", "2030-01-22")).toContain("Beendet");
    } finally {
      setRequestLocale("en");
    }
  });
});

describe("survey card description preview", () => {
  it("keeps the first 80 characters and adds an ellipsis only when the text was cut", () => {
    const long = "a".repeat(CARD_DESCRIPTION_LENGTH) + "REST";
    expect(preview(long, CARD_DESCRIPTION_LENGTH)).toBe(`${"a".repeat(80)}...`);
    const exact = "b".repeat(CARD_DESCRIPTION_LENGTH);
    expect(preview(exact, CARD_DESCRIPTION_LENGTH)).toBe(exact);
    expect(preview("Short.", CARD_DESCRIPTION_LENGTH)).toBe("Short.");
  });
});
