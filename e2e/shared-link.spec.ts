// From a shared survey link to a counted vote: a signed-out visitor sees the question, picks an answer,
// and whatever way they sign in (registering and verifying by the mail's code, or their password),
// lands back on the survey with that answer selected, one press of Submit from a counted vote. With axe
// on every page of the way at a desktop's and a phone's width: the new person's journey runs at each
// width; the returning people's (whose steps do not depend on the width) run at a desktop's, each of
// their pages also laid out at a phone's (one load for both: axe, and the control pressed next shown
// there). Adding and using passkeys: passkeys.spec.ts.
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { analyzePage } from "./fixtures/axe";
import { logInWithForm, newPerson, registerThroughApi, registerWithForm } from "./fixtures/accounts";
import { codeIn, linkIn, mailTo } from "./fixtures/inbox";
import { signInWithGoogleAs } from "./fixtures/google";
import { addVirtualAuthenticator } from "./fixtures/webauthn";
import { signInAs } from "./fixtures/session";
import { createSurveyThroughApi } from "./fixtures/surveys";
import { atBothWidths } from "./fixtures/widths";

// This spec's own client address: registrations are limited per client.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.88" } });

const WIDTHS = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
];

async function expectNoAxeViolations(page: Page) {
  const { violations } = await analyzePage(page);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

/** A fresh open survey, made by the demo surveyor. */
async function freshSurvey(request: APIRequestContext, label: string): Promise<string> {
  await signInAs(request, "surveyor@demo.test");
  return createSurveyThroughApi(request, `Shared link ${label} ${Date.now()}`);
}

/** The survey page's part where one votes (the navigation has links of the same names). */
const voteRegion = (page: Page) => page.getByRole("region", { name: "Your vote" });

const myVote = async (page: Page, id: string) => ((await (await page.request.get(`/api/vote/${id}`)).json()) as { myVote: { vote: string } | null }).myVote;

/** axe on the open page at both widths, and the controls pressed next shown at each. */
async function checkAtBothWidths(page: Page, ...controls: Locator[]) {
  await atBothWidths(page, async () => {
    await expectNoAxeViolations(page);
    for (const control of controls) await expect(control).toBeVisible();
  });
}

/**
 * On the survey page, signed in: the answer carried through sign-in is selected, nothing is cast yet;
 * Submit counts it. `bothWidths`: checked at a phone's width too before Submit.
 */
async function submitCarriedChoice(page: Page, id: string, answer: "Yes" | "No", { bothWidths = false } = {}) {
  await expect(page).toHaveURL(new RegExp(`/survey/details/${id}\\?vote=${answer.toLowerCase()}$`));
  const form = page.getByRole("form", { name: "Vote on this survey" });
  await expect(form.getByRole("radio", { name: answer })).toBeChecked();
  expect(await myVote(page, id)).toBeNull();
  if (bothWidths) await checkAtBothWidths(page, form.getByRole("radio", { name: answer }), form.getByRole("button", { name: "Submit" }));
  else await expectNoAxeViolations(page);
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Your vote counted successfully")).toBeVisible();
  expect(await myVote(page, id)).toEqual(expect.objectContaining({ vote: answer.toLowerCase() }));
}

for (const { name, viewport } of WIDTHS) {
  test.describe(`${name} width`, () => {
    test.use({ viewport });

    test("a new person: the question, an answer, register, the mail's code, and back to the survey with that answer", async ({ page, browser }) => {
      const surveyor = await browser.newContext();
      const id = await freshSurvey(surveyor.request, `new ${name}`);
      await surveyor.close();

      // Signed out: the question and both answers, with the spec's sentence and its Login link.
      await page.goto(`/survey/details/${id}`);
      await expect(page.getByRole("heading", { name: "A question" })).toBeVisible();
      await expect(page.getByText("Do you agree?")).toBeVisible();
      await expect(page.getByText("Please login to vote this survey!")).toBeVisible();
      await expectNoAxeViolations(page);
      await voteRegion(page).getByRole("link", { name: /^No/ }).click();

      // The login page, then the way to register: the choice goes along.
      await expect(page).toHaveURL(/\/login\?callbackUrl=.*&vote=no$/);
      await page.getByRole("link", { name: "Register here" }).click();
      await expect(page.getByRole("heading", { name: "Register for your account" })).toBeVisible();
      const person = newPerson(`Shared ${name}`);
      await registerWithForm(page, person);

      // Signed in, on the page that waits for the mail.
      await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
      await expect(page.getByText(`We sent an email to ${person.email}.`)).toBeVisible();
      await expectNoAxeViolations(page);
      const mail = await mailTo(person.email, /Confirm your email address/);
      const code = codeIn(mail);
      // A wrong code says so and how many tries are left; the right one goes on.
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
      await page.getByLabel("Six-digit code").fill(wrong);
      await page.getByRole("button", { name: "Verify", exact: true }).click();
      await expect(page.getByText(/That code is not right\..*\(4 tries left\)/)).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByLabel("Six-digit code").fill(code);
      await page.getByRole("button", { name: "Verify", exact: true }).click();

      await submitCarriedChoice(page, id, "No");
      // The mail's link is spent with its code.
      const link = await page.request.post("/api/verify-email", { data: { token: new URL(linkIn(mail, "/verify-email")).searchParams.get("token") } });
      expect(link.status()).toBe(400);
    });
  });
}

test("a returning person with a password: the answer, Sign in, and back with it selected", async ({ page }) => {
  const id = await freshSurvey(page.request, "password");
  await page.context().clearCookies();
  const person = newPerson("Returning");
  await registerThroughApi(page.request, person);

  await page.goto(`/survey/details/${id}`);
  await atBothWidths(page, () => expect(voteRegion(page).getByRole("link", { name: /^Yes/ })).toBeVisible());
  await voteRegion(page).getByRole("link", { name: /^Yes/ }).click();
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  await checkAtBothWidths(page, page.getByLabel("Email address"), page.getByLabel("Password"), page.getByRole("button", { name: "Sign in", exact: true }));
  await logInWithForm(page, person.email, person.password);
  await submitCarriedChoice(page, id, "Yes", { bothWidths: true });
});

test("a returning passkey holder: the shared link, an answer, the passkey, Submit (three actions)", async ({ page }) => {
  const id = await freshSurvey(page.request, "passkey");
  await page.context().clearCookies();
  const person = newPerson("Passkey");
  await registerThroughApi(page.request, person);
  // Once, on this device: a passkey added on the account page (the virtual authenticator keeps it).
  const authenticator = await addVirtualAuthenticator(page);
  await signInAs(page, person.email, person.password);
  await page.goto("/dashboard/account");
  await authenticator.autofill(false);
  await page.getByRole("region", { name: "Passkeys" }).getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added")).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(1);
  await page.context().clearCookies();

  // The journey: the link (1), Yes (2); this browser has used a passkey, so the login page asks for it
  // at once and the authenticator answers (a touch, no action on the page); Submit (3).
  await page.goto(`/survey/details/${id}`);
  await atBothWidths(page, () => expect(voteRegion(page).getByRole("link", { name: /^Yes/ })).toBeVisible());
  await voteRegion(page).getByRole("link", { name: /^Yes/ }).click();
  await submitCarriedChoice(page, id, "Yes", { bothWidths: true });
});

// One width: the pages on the way are those of the journeys above, at both.
test("the address verified on another device: the waiting page sees it and goes on to the survey", async ({ page, browser }) => {
  const id = await freshSurvey(page.request, "other device");
  await page.context().clearCookies();
  await page.goto(`/survey/details/${id}?vote=yes`);
  // Arriving with a choice (an embed's answer): it is marked, and Register carries it.
  await expect(voteRegion(page).getByRole("link", { name: /^Yes \(your choice\)/ })).toHaveAttribute("aria-current", "true");
  await voteRegion(page).getByRole("link", { name: "Register", exact: true }).click();
  const person = newPerson("Two devices");
  await registerWithForm(page, person);
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

  // The mail opened on a phone, not signed in there: its page's button verifies, and goes on to the
  // survey with the answer (where that phone would sign in to vote).
  const phone = await browser.newContext();
  const other = await phone.newPage();
  await other.goto(linkIn(await mailTo(person.email, /Confirm your email address/), "/verify-email"));
  await expect(async () => {
    const press = other.getByRole("button", { name: "Verify my email address" });
    if (await press.isVisible()) await press.click();
    await expect(other).toHaveURL(new RegExp(`/survey/details/${id}\\?vote=yes$`), { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(voteRegion(other).getByRole("link", { name: /^Yes \(your choice\)/ })).toBeVisible();
  await phone.close();

  // The first device was waiting: it goes on by itself.
  await submitCarriedChoice(page, id, "Yes");
});

test("a choice in the address only preselects: opening it signed in casts nothing, and junk is no choice", async ({ page }) => {
  const id = await freshSurvey(page.request, "get casts nothing");
  const person = newPerson("Preselected");
  await page.context().clearCookies();
  await registerThroughApi(page.request, person);
  await signInAs(page, person.email, person.password);
  await page.goto(`/survey/details/${id}?vote=no`);
  const form = page.getByRole("form", { name: "Vote on this survey" });
  await expect(form.getByRole("radio", { name: "No" })).toBeChecked();
  await page.reload();
  await expect(form.getByRole("radio", { name: "No" })).toBeChecked();
  expect(await myVote(page, id)).toBeNull();
  await page.goto(`/survey/details/${id}?vote=maybe`);
  await expect(form.getByRole("radio", { name: "Yes" })).not.toBeChecked();
  await expect(form.getByRole("radio", { name: "No" })).not.toBeChecked();
  expect(await myVote(page, id)).toBeNull();
});

test("Google: the login page's button sends the survey and the answer as where to come back to", async ({ page }) => {
  const id = await freshSurvey(page.request, "google");
  await page.context().clearCookies();
  await page.goto(`/survey/details/${id}`);
  await voteRegion(page).getByRole("link", { name: /^Yes/ }).click();
  // Only what the button sends is looked at here: stopped, so the browser's own round trip cannot race
  // the one below over the same sign-in cookies.
  await page.route("**/api/auth/signin/google*", (route) => route.abort());
  const [start] = await Promise.all([
    page.waitForRequest((r) => r.url().includes("/api/auth/signin/google") && r.method() === "POST"),
    page.getByRole("button", { name: "Login with Google" }).click(),
  ]);
  await page.unroute("**/api/auth/signin/google*");
  const callbackUrl = new URLSearchParams(start.postData() ?? "").get("callbackUrl");
  expect(callbackUrl).toBe(`/survey/details/${id}?vote=yes`);
  // The provider's round trip with that callback (a new Google account is verified by Google).
  await signInWithGoogleAs(page, newPerson("Googler").email, callbackUrl!);
  await submitCarriedChoice(page, id, "Yes");
});
