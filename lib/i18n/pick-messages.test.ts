import { describe, expect, it } from "vitest";
import { loadMessages, pickMessages } from "./messages";

describe("pickMessages", () => {
  it("hands an island whole areas, or only the parts of an area it names", async () => {
    const messages = await loadMessages("es");
    const picked = pickMessages(messages, ["client", "auth.resend", "survey.results.votes"]);
    expect(Object.keys(picked).sort()).toEqual(["auth", "client", "survey"]);
    expect(picked.client).toEqual(messages.client);
    expect(picked.auth).toEqual({ resend: messages.auth.resend });
    expect(picked.survey).toEqual({ results: { votes: messages.survey.results.votes } });
    // A part that does not exist adds nothing.
    expect(pickMessages(messages, ["auth.nothing-here" as "auth"])).toEqual({});
  });
});
