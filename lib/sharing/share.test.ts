// A shared or embedded survey is its page's address in the language it was shared from, with the
// share texts of that language; English keeps the unprefixed addresses it always had.
import { describe, expect, it } from "vitest";

process.env.AUTH_URL = "https://opinex.example.test";
const { embedSnippet, oembedHref, shareLinks, surveyUrl } = await import("./share");

const ID = "0b5c3f1e-2d4a-4c6b-8e9f-1a2b3c4d5e6f";

describe("a survey's share links", () => {
  it("lead to the page in the language it was shared from", () => {
    expect(surveyUrl(ID)).toBe(`https://opinex.example.test/survey/details/${ID}`);
    expect(surveyUrl(ID, "de")).toBe(`https://opinex.example.test/de/survey/details/${ID}`);
    expect(oembedHref(ID, "es")).toBe(`/api/oembed?url=${encodeURIComponent(`https://opinex.example.test/es/survey/details/${ID}`)}&format=json`);
  });

  it("say what to do in that language", () => {
    expect(decodeURIComponent(shareLinks(ID, "Tabs?").x)).toContain("text=Tabs?: vote yes or no on OPINEX&url=https://opinex.example.test/survey/details/");
    const german = shareLinks(ID, "Tabs?", "de");
    expect(decodeURIComponent(german.whatsapp)).toBe(`https://wa.me/?text=Tabs?: Stimm auf OPINEX mit Ja oder Nein ab https://opinex.example.test/de/survey/details/${ID}`);
    expect(decodeURIComponent(german.email)).toContain(`subject=Tabs?&body=Tabs?: Stimm auf OPINEX mit Ja oder Nein ab\n\nhttps://opinex.example.test/de/survey/details/${ID}`);
  });

  it("embed the survey in that language, its frame named in it", () => {
    const size = { width: 480, height: 300 };
    expect(embedSnippet(ID, "Tabs?", size)).toContain(`src="https://opinex.example.test/embed/survey/${ID}" `);
    expect(embedSnippet(ID, "Tabs?", size)).toContain('title="Tabs? (OPINEX survey)"');
    const spanish = embedSnippet(ID, "Tabs?", size, "dark", "es");
    expect(spanish).toContain(`src="https://opinex.example.test/es/embed/survey/${ID}?theme=dark" `);
    expect(spanish).toContain('title="Tabs? (encuesta de OPINEX)"');
  });
});
