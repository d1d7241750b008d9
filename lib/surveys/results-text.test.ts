import { describe, expect, it } from "vitest";
import {
  countText,
  hiddenResultsText,
  intervalExplained,
  percent,
  percentOf,
  rangeText,
  readingSentences,
  resultReading,
  resultReadingText,
  verdictText,
  votesText,
  VOTES_FOR_A_VERDICT,
} from "./results-text";
import { resultsTranslator } from "./results-translator";
import { MIN_VOTES_FOR_VERDICT, resultStats, VERDICTS } from "./stats";

const t = resultsTranslator("en");
const sentences = (yes: number, no: number, translator = t) => {
  const reading = resultReading(resultStats(yes, no), translator);
  return reading ? readingSentences(reading) : null;
};

describe("a result read out", () => {
  it("leads with the plain reading, then the margin, then the verdict with its reason", () => {
    // 4 of 41: Wilson [0.0386, 0.2255] for Yes, so [0.7745, 0.9614] for No.
    expect(sentences(4, 37)).toEqual([
      "Most voters said No: 90% of 41 votes.",
      "With this many votes, the true share saying No could be anywhere from 77% to 96%.",
      "No leads: even the low end of that range is above 50%.",
    ]);
    // 52 of 84: Wilson [0.5122, 0.7155].
    expect(sentences(52, 32)).toEqual([
      "Most voters said Yes: 62% of 84 votes.",
      "With this many votes, the true share saying Yes could be anywhere from 51% to 72%.",
      "Yes leads: even the low end of that range is above 50%.",
    ]);
  });

  it("says too close to call only with why", () => {
    // 55 of 100: Wilson [0.4524, 0.6438].
    expect(sentences(55, 45)).toEqual([
      "Most voters said Yes: 55% of 100 votes.",
      "With this many votes, the true share saying Yes could be anywhere from 45% to 64%.",
      "Too close to call: that range includes 50%, so either answer could be the majority.",
    ]);
    for (const [yes, no] of [
      [50, 50],
      [5, 5],
      [51, 50],
      [300, 290],
    ]) {
      expect(resultReadingText(resultStats(yes, no), t)).toMatch(/ Too close to call: that range includes 50%, so either answer could be the majority\.$/);
    }
  });

  it("reads an even split as one, with the Yes range", () => {
    expect(sentences(50, 50)).toEqual([
      "Voters split evenly: 50% Yes and 50% No of 100 votes.",
      "With this many votes, the true share saying Yes could be anywhere from 40% to 60%.",
      "Too close to call: that range includes 50%, so either answer could be the majority.",
    ]);
    expect(sentences(1, 1)?.[0]).toBe("Voters split evenly: 50% Yes and 50% No of 2 votes.");
  });

  it("says a majority that rounds to 50% or to 100% in counts", () => {
    expect(sentences(51, 50)?.[0]).toBe("Slightly more voters said Yes: 51 of 101 votes.");
    expect(sentences(500, 501)?.[0]).toBe("Slightly more voters said No: 501 of 1,001 votes.");
    expect(sentences(999, 1)?.[0]).toBe("Nearly every voter said Yes: 999 of 1,000 votes.");
  });

  it("reads a unanimous result and a single vote", () => {
    // 12 of 12: Wilson [0.7575, 1].
    expect(sentences(12, 0)).toEqual([
      "Every voter said Yes: 100% of 12 votes.",
      "With this many votes, the true share saying Yes could be anywhere from 76% to 100%.",
      "Yes leads: even the low end of that range is above 50%.",
    ]);
    expect(sentences(0, 10)?.[0]).toBe("Every voter said No: 100% of 10 votes.");
    // 1 of 1: Wilson [0.2065, 1].
    expect(sentences(1, 0)).toEqual([
      "The only voter said Yes: 100% of 1 vote.",
      "With so few votes, the true share saying Yes could be anywhere from 21% to 100%.",
      "Too few votes to tell: it takes at least 10 votes to call a result.",
    ]);
    expect(sentences(0, 1)?.[0]).toBe("The only voter said No: 100% of 1 vote.");
  });

  it("says too few votes below the verdict's threshold, whatever the split", () => {
    // 2 of 3: Wilson [0.2077, 0.9385].
    expect(sentences(2, 1)).toEqual([
      "Most voters said Yes: 67% of 3 votes.",
      "With so few votes, the true share saying Yes could be anywhere from 21% to 94%.",
      "Too few votes to tell: it takes at least 10 votes to call a result.",
    ]);
    expect(VOTES_FOR_A_VERDICT).toBe(MIN_VOTES_FOR_VERDICT);
    expect(sentences(9, 0)?.[2]).toMatch(/^Too few votes to tell: /);
    expect(sentences(10, 0)?.[2]).toMatch(/^Yes leads: /);
  });

  it("says a lead whose range only just clears 50% as such, not as a low end of 50% above 50%", () => {
    // 40 of 100: Wilson [0.3094, 0.4980] for Yes, so No's low end is 0.5020, written "50%".
    expect(sentences(40, 60)).toEqual([
      "Most voters said No: 60% of 100 votes.",
      "With this many votes, the true share saying No could be anywhere from 50% to 69%.",
      "No leads: the low end of that range is above 50%, if only just.",
    ]);
  });

  it("says nothing but that there are no votes yet, with no percentage", () => {
    expect(resultReading(resultStats(0, 0), t)).toBeNull();
    expect(resultReadingText(resultStats(0, 0), t)).toBe("No votes yet.");
  });

  it("keeps the figures of the stats: the counts, the shares and the interval rounded to whole percentages", () => {
    for (let n = 1; n <= 60; n++) {
      for (let yes = 0; yes <= n; yes++) {
        const stats = resultStats(yes, n - yes);
        const reading = resultReading(stats, t)!;
        const side = yes >= n - yes ? "Yes" : "No";
        const [low, high] = side === "Yes" ? [stats.low, stats.high] : [1 - stats.high, 1 - stats.low];
        expect(reading.total).toBe(votesText(n, t));
        expect(reading.verdict).toBe(stats.verdict);
        expect(reading.margin).toContain(`saying ${side} could be anywhere from ${percent(low)} to ${percent(high)}.`);
        expect(reading.lead).toContain(side);
      }
    }
  });
});

describe("figures in words", () => {
  it("writes every percentage one way, rounded to a whole one", () => {
    expect(percent(0.6234)).toBe("62%");
    expect(percent(0.005)).toBe("1%");
    expect(percent(0)).toBe("0%");
    expect(percentOf(1, 3)).toBe("33%");
    expect(percentOf(0, 0)).toBe("—");
    expect(rangeText(0.0061, 0.1718)).toBe("1–17%");
    expect(intervalExplained(t)).toBe(
      "The range is the 95% confidence interval (the margin of error) of the share among everyone like these voters. An answer leads only when its whole range is above 50%, and only from 10 votes.",
    );
  });

  it("counts votes with a thousands separator", () => {
    expect(votesText(1, t)).toBe("1 vote");
    expect(votesText(0, t)).toBe("0 votes");
    expect(votesText(1234, t)).toBe("1,234 votes");
  });

  it("says when hidden results will be shown", () => {
    // Voting runs through the deadline day: the results come after its end, not on it.
    expect(hiddenResultsText("2027-01-21", t, "en")).toBe("Results are shown after voting closes at the end of Jan 21, 2027");
  });
});

describe("a result read out in Spanish and German", () => {
  const es = resultsTranslator("es");
  const de = resultsTranslator("de");
  // Intl's percent in these languages: a (no-break) space before the sign.
  const nb = "\u00a0";

  it("says the same reading with each language's numbers and percentages", () => {
    expect(sentences(4, 37, es)).toEqual([
      `La mayoría dijo No: el 90${nb}% de 41 votos.`,
      `Con esta cantidad de votos, la proporción real que responde No podría estar en cualquier punto entre el 77${nb}% y el 96${nb}%.`,
      `El No va por delante: incluso el extremo inferior de ese intervalo supera el 50${nb}%.`,
    ]);
    expect(sentences(1, 0, de)).toEqual([
      `Die einzige abstimmende Person sagte Ja: 100${nb}% von 1 Stimme.`,
      `Bei so wenigen Stimmen könnte der tatsächliche Anteil für Ja irgendwo zwischen 21${nb}% und 100${nb}% liegen.`,
      "Zu wenige Stimmen für ein Urteil: Für ein Ergebnis braucht es mindestens 10 Stimmen.",
    ]);
    expect(sentences(500, 501, de)?.[0]).toBe("Etwas mehr Abstimmende sagten Nein: 501 von 1.001 Stimmen.");
    expect(sentences(55, 45, es)?.[2]).toBe(`Demasiado reñido para decidir: ese intervalo incluye el 50${nb}%, así que cualquiera de las dos respuestas podría ser la mayoritaria.`);
    expect(resultReadingText(resultStats(0, 0), de)).toBe("Noch keine Stimmen.");
    expect(hiddenResultsText("2027-01-21", es, "es")).toBe("Los resultados se mostrarán cuando se cierre la votación, al final del 21 ene 2027");
  });

  it("names every verdict, and writes figures as the language does", () => {
    for (const verdict of VERDICTS) {
      expect(verdictText(verdict, t)).toBe(verdict);
      expect(verdictText(verdict, es)).not.toBe(verdict);
      expect(verdictText(verdict, de)).not.toBe(verdict);
    }
    expect(percent(0.6234, "es")).toBe(`62${nb}%`);
    expect(percent(0.6234, "de")).toBe(`62${nb}%`);
    expect(rangeText(0.0061, 0.1718, "de")).toBe(`1–17${nb}%`);
    expect(countText(1234, "de")).toBe("1.234");
    expect(countText(12345, "es")).toBe("12.345");
    expect(votesText(1, es)).toBe("1 voto");
  });
});
