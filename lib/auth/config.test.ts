import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/auth/[...nextauth]/route";

describe("Auth.js configuration", () => {
  it("offers Google only when it is configured (the login page then says it is not), passkeys and the second step always", async () => {
    expect(process.env.AUTH_GOOGLE_ID).toBeFalsy();
    const response = await GET(new NextRequest("http://localhost:3000/api/auth/providers"));
    expect(Object.keys(await response.json())).toEqual(["credentials", "passkey", "second-factor"]);
  });

  it("sets the CSRF cookie httpOnly and SameSite=Lax", async () => {
    const response = await GET(new NextRequest("http://localhost:3000/api/auth/csrf"));
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("authjs.csrf-token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
});
