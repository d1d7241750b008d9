import { describe, expect, it } from "vitest";
import { CARD_DESCRIPTION_LENGTH, preview } from "./survey-card";

describe("survey card description preview", () => {
  it("keeps the first 80 characters and adds an ellipsis only when the text was cut", () => {
    const long = "a".repeat(CARD_DESCRIPTION_LENGTH) + "REST";
    expect(preview(long, CARD_DESCRIPTION_LENGTH)).toBe(`${"a".repeat(80)}...`);
    const exact = "b".repeat(CARD_DESCRIPTION_LENGTH);
    expect(preview(exact, CARD_DESCRIPTION_LENGTH)).toBe(exact);
    expect(preview("Short.", CARD_DESCRIPTION_LENGTH)).toBe("Short.");
  });
});
