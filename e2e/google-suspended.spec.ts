import { expect, test } from "@playwright/test";
import { signInWithGoogleAs } from "./fixtures/google";
import { signInAs } from "./fixtures/session";

// A suspended account cannot come back through Google: the sign-in round trip through the local
// provider ends on the login page, which says why, with no session; lifting the suspension lets it in.

test("a suspended account's Google sign-in is refused; lifted, it signs in again", async ({ browser, page }) => {
  const email = `suspended.google.${Date.now()}@example.test`;
  const person = await browser.newContext();
  const google = await person.newPage();
  await signInWithGoogleAs(google, email);
  await expect(google).toHaveURL(/\/$/);
  const me = await (await google.request.get("/api/me")).json();
  expect(me.user).toMatchObject({ email, role: "user" });

  await signInAs(page, "admin@demo.test");
  const suspended = await page.request.post(`/api/users/${me.user.id}/suspension`, { data: { reason: "Fake account" } });
  expect(suspended.status()).toBe(200);
  // Suspending ended the session it had.
  expect((await (await google.request.get("/api/me")).json()).user).toBeNull();

  await signInWithGoogleAs(google, email);
  await expect(google).toHaveURL(/\/login\?error=AccessDenied&code=suspended$/);
  await expect(google.getByTestId("login-suspended")).toContainText("This account is suspended.");
  expect((await (await google.request.get("/api/me")).json()).user).toBeNull();

  expect((await page.request.delete(`/api/users/${me.user.id}/suspension`)).status()).toBe(200);
  await signInWithGoogleAs(google, email);
  await expect(google).toHaveURL(/\/$/);
  expect((await (await google.request.get("/api/me")).json()).user).toMatchObject({ id: me.user.id, email });
  await person.close();
});
