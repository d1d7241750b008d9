// Refusals as the account page and the admin console say them: the API's own words in English, the
// refusal said again from what it is in Spanish and German.
import { describe, expect, it } from "vitest";
import { RequestError } from "@/lib/api/client";
import { refusedField, requestProblem, textRuleProblem, type StatusKey } from "./request-problem";

const words = (key: StatusKey) => `<${key}>`;
const wrongPassword = new RequestError(400, "That is not your current password.", [{ path: "currentPassword", message: "That is not your current password" }]);

describe("requestProblem", () => {
  it("keeps the API's message in English, its field's first", () => {
    expect(requestProblem(new RequestError(409, "The last admin cannot be demoted."), "en", words, "fallback")).toBe("The last admin cannot be demoted.");
    expect(requestProblem(wrongPassword, "en", words, "fallback", { fields: { currentPassword: "x" } })).toBe("That is not your current password");
    expect(requestProblem(wrongPassword, "en", words, "fallback")).toBe("That is not your current password.");
  });

  it("says it again in another language: the caller's field, what it knows, else the status", () => {
    expect(requestProblem(wrongPassword, "es", words, "fallback", { fields: { currentPassword: "Esa no es tu contraseña actual." } })).toBe(
      "Esa no es tu contraseña actual.",
    );
    const known = (e: RequestError) => (e.status === 409 ? "Es el último administrador." : undefined);
    expect(requestProblem(new RequestError(409, "The last admin cannot be demoted."), "es", words, "fallback", { known })).toBe("Es el último administrador.");
    expect(requestProblem(new RequestError(429, "Too many tries"), "de", words, "fallback", { known })).toBe("<tooMany>");
    expect(requestProblem(new RequestError(0, "Could not reach the server."), "de", words, "fallback")).toBe("<network>");
    expect(requestProblem(new RequestError(502, "Bad gateway"), "de", words, "fallback")).toBe("<server>");
    expect(requestProblem(new RequestError(400, "scopes must be a list"), "de", words, "fallback")).toBe("<invalid>");
  });

  it("says its fallback for anything that is no refusal of the API, in every language", () => {
    expect(requestProblem(new TypeError("boom"), "en", words, "Something went wrong. Please try again.")).toBe("Something went wrong. Please try again.");
    expect(requestProblem(undefined, "es", words, "Algo salió mal.")).toBe("Algo salió mal.");
  });

  it("finds the field a refusal names", () => {
    expect(refusedField(wrongPassword, ["newPassword", "currentPassword"])).toBe("currentPassword");
    expect(refusedField(wrongPassword, ["email"])).toBeNull();
    expect(refusedField(new Error("x"), ["email"])).toBeNull();
  });
});

describe("textRuleProblem", () => {
  const rules = { required: "required", tooLong: "too long", forbidden: "forbidden" };
  it("keeps the schema's message in English and names the broken rule elsewhere", () => {
    expect(textRuleProblem({ code: "too_small", message: "Name is required" }, "en", rules)).toBe("Name is required");
    expect(textRuleProblem({ code: "too_small", message: "Name is required" }, "es", rules)).toBe("required");
    expect(textRuleProblem({ code: "too_big", message: "Name is too long" }, "de", rules)).toBe("too long");
    expect(textRuleProblem({ code: "custom", message: "Name cannot contain control characters" }, "de", rules)).toBe("forbidden");
    expect(textRuleProblem(undefined, "de", rules)).toBeUndefined();
  });
});
