import { describe, expect, it } from "vitest";
import { choiceIn, parseChoice, signInForChoiceHref, surveyChoiceHref, withChoice } from "./choice";

const ID = "0b5c3f1e-2d4a-4c6b-8e9f-1a2b3c4d5e6f";

describe("a choice carried to a survey", () => {
  it("knows only the two answers", () => {
    expect(parseChoice("yes")).toBe("yes");
    expect(parseChoice("no")).toBe("no");
    for (const junk of ["YES", "maybe", "", null, undefined, "yes "]) expect(parseChoice(junk)).toBeNull();
  });

  it("goes into a survey page's path and nowhere else", () => {
    expect(withChoice(`/survey/details/${ID}`, "no")).toBe(`/survey/details/${ID}?vote=no`);
    expect(withChoice(`/survey/details/${ID}?vote=yes`, "no")).toBe(`/survey/details/${ID}?vote=no`);
    expect(withChoice(`/survey/details/${ID}#results`, "yes")).toBe(`/survey/details/${ID}?vote=yes#results`);
    expect(withChoice("/dashboard/user", "yes")).toBe("/dashboard/user");
    expect(withChoice("/", "yes")).toBe("/");
    expect(withChoice(`/survey/details/${ID}`, "maybe")).toBe(`/survey/details/${ID}`);
    expect(withChoice(`/survey/details/${ID}`, null)).toBe(`/survey/details/${ID}`);
    // A survey page in another language.
    expect(withChoice(`/es/survey/details/${ID}`, "yes")).toBe(`/es/survey/details/${ID}?vote=yes`);
    expect(withChoice(`/de/survey/details/${ID}`, "no")).toBe(`/de/survey/details/${ID}?vote=no`);
    expect(withChoice(`/fr/survey/details/${ID}`, "no")).toBe(`/fr/survey/details/${ID}`);
  });

  it("is read back from a survey page's path only", () => {
    expect(choiceIn(`/survey/details/${ID}?vote=no`)).toBe("no");
    expect(choiceIn(`/survey/details/${ID}`)).toBeNull();
    expect(choiceIn(`/survey/details/${ID}?vote=maybe`)).toBeNull();
    expect(choiceIn("/dashboard/user?vote=yes")).toBeNull();
    expect(choiceIn(`/de/survey/details/${ID}?vote=no`)).toBe("no");
  });

  it("builds the survey page's and the sign-in page's links", () => {
    expect(surveyChoiceHref(ID, "yes")).toBe(`/survey/details/${ID}?vote=yes`);
    expect(signInForChoiceHref("/login", ID, "yes")).toBe(`/login?callbackUrl=%2Fsurvey%2Fdetails%2F${ID}&vote=yes`);
    expect(signInForChoiceHref("/register", ID, null)).toBe(`/register?callbackUrl=%2Fsurvey%2Fdetails%2F${ID}`);
    expect(signInForChoiceHref("/login", ID, "no", "es")).toBe(`/login?callbackUrl=%2Fes%2Fsurvey%2Fdetails%2F${ID}&vote=no`);
  });
});
