import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import account from "@/messages/account/en.json";
import { recoveryCodesText } from "./recovery-codes";
import { groupedSecret } from "./totp-enrolment";

describe("the authenticator app's setup", () => {
  it("shows the key in groups of four, as it is typed into an app", () => {
    expect(groupedSecret("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP");
    expect(groupedSecret("ABCDEF")).toBe("ABCD EF");
  });

  it("writes the recovery codes file with what they are for, one code a line", () => {
    const t = createTranslator({ locale: "en", messages: { account }, namespace: "account.recoveryCodes" });
    const text = recoveryCodesText(["aaaaa-bbbbb", "ccccc-ddddd"], { title: t("fileTitle", { email: "me@example.test" }), hint: t("fileHint") });
    expect(text.split("\n")).toEqual([
      "OPINEX recovery codes for me@example.test",
      "Each code signs you in once, in place of a code from your authenticator app.",
      "",
      "aaaaa-bbbbb",
      "ccccc-ddddd",
      "",
    ]);
  });
});
