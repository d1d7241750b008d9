import { describe, expect, it } from "vitest";
import { signInMethodWords } from "./sign-in-method";

describe("signInMethodWords", () => {
  it("says each method the server keeps in words", () => {
    expect(
      ["password", "password+totp", "password+recovery_code", "password+passkey", "passkey", "google", "google+totp", "google+passkey", "google+recovery_code"].map(
        signInMethodWords,
      ),
    ).toEqual([
      "Password",
      "Password and authenticator app",
      "Password and recovery code",
      "Password and passkey",
      "Passkey",
      "Google",
      "Google and authenticator app",
      "Google and passkey",
      "Google and recovery code",
    ]);
  });

  it("says nothing for an old session or a method it does not know", () => {
    expect(signInMethodWords(null)).toBeNull();
    expect(signInMethodWords(undefined)).toBeNull();
    expect(signInMethodWords("")).toBeNull();
    expect(signInMethodWords("carrier-pigeon")).toBeNull();
    expect(signInMethodWords("password+sms")).toBeNull();
    expect(signInMethodWords("password+totp+passkey")).toBeNull();
  });
});
