import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { analyzePage } from "./fixtures/axe";
import { seedSurveys } from "../scripts/demo-seed-data";
import { newPerson, registerThroughApi } from "./fixtures/accounts";
import { mailTo } from "./fixtures/inbox";
import { signInAs } from "./fixtures/session";

// The admin console, driven as admin@demo.test. Demo accounts keep their roles: promotions happen to
// a freshly registered person. The one survey whose status changes is surveyor2's seeded unpublished
// survey, and it ends unpublished with its seeded feedback, as the other specs expect it.

const HIDDEN = seedSurveys[1][2];
// As scripts/demo-seed.ts writes it.
const SEEDED_FEEDBACK =
  "The question asks about a commercial service. Please make it neutral and add a source for the claim in the description.";

type ApiSurvey = { _id: string; title: string; status: string; feedback: string | null };

async function expectNoA11yViolations(page: Page) {
  const results = await analyzePage(page);
  expect(results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), page.url()).toEqual([]);
}

async function surveyorSurveys(request: APIRequestContext): Promise<ApiSurvey[]> {
  const response = await request.get("/api/surveys/surveyor2@demo.test");
  expect(response.status()).toBe(200);
  return response.json();
}

async function publicTitles(request: APIRequestContext): Promise<string[]> {
  return ((await (await request.get("/api/all_surveys?limit=100")).json()) as ApiSurvey[]).map((s) => s.title);
}

/** The Manage Surveys row of a title, paging through the list until it shows. */
async function surveyRow(page: Page, title: string) {
  for (let n = 1; n <= 10; n++) {
    await page.goto(`/dashboard/admin/surveys${n > 1 ? `?page=${n}` : ""}`);
    await expect(page.getByRole("heading", { level: 1, name: "Manage Surveys" })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: title });
    if ((await row.count()) > 0) return row;
    if ((await page.getByRole("link", { name: "Next" }).count()) === 0) break;
  }
  throw new Error(`${title} is not in Manage Surveys`);
}

test("the admin filters by role, searches, and promotes a new user to surveyor, who reaches the surveyor dashboard without signing in again", async ({
  page,
  browser,
}) => {
  const person = newPerson("Promoted");
  const theirs = await browser.newContext();
  const theirPage = await theirs.newPage();
  await registerThroughApi(theirPage.request, person);
  await signInAs(theirPage, person.email, person.password);
  await theirPage.goto("/dashboard/surveyor");
  await expect(theirPage).toHaveURL(/\/dashboard\/user$/);
  await theirPage.goto("/dashboard/admin/users");
  await expect(theirPage).toHaveURL(/\/dashboard\/user$/);

  await signInAs(page, "admin@demo.test");
  await page.goto("/dashboard/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "Manage Users" })).toBeVisible();
  for (const header of ["Serial No.", "Name", "User Email", "Role"]) {
    await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  const filter = page.getByLabel("Filter by Role");
  await expect(filter.locator("option")).toHaveText(["All Roles", "Admin", "User", "Surveyor", "Pro user"]);

  // A choice made before the page's script has run changes nothing (and hydration puts the list back
  // to its URL's value): choose until the page follows it.
  await expect(async () => {
    await filter.selectOption("surveyor");
    await expect(page).toHaveURL(/role=surveyor/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole("row").filter({ hasText: "surveyor@demo.test" })).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: "user@demo.test" })).toHaveCount(0);
  await expect(page.getByRole("table").getByRole("combobox")).not.toHaveCount(0);
  for (const select of await page.getByRole("table").getByRole("combobox").all()) await expect(select).toHaveValue("surveyor");

  await filter.selectOption("user");
  await expect(page).toHaveURL(/role=user/);
  await page.getByLabel("Search by email or name").fill(person.email.toUpperCase());
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=/);
  const row = page.getByRole("row").filter({ hasText: person.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(person.name);
  await expect(row.getByRole("cell").first()).toHaveText("1");

  await row.getByLabel(`Role of ${person.email}`, { exact: true }).selectOption("surveyor");
  await row.getByRole("button", { name: /Save/ }).click();
  await expect(page.getByText("Successful", { exact: true })).toBeVisible();
  await expect(page.getByText("Successfully changed the user role")).toBeVisible();
  // The list reloads with the filter and the search still applied: the person is no longer a user.
  await expect(page).toHaveURL(/role=user/);
  await expect(page.getByLabel("Filter by Role")).toHaveValue("user");
  await expect(page.getByRole("row").filter({ hasText: person.email })).toHaveCount(0);
  await filter.selectOption("surveyor");
  await expect(page.getByRole("row").filter({ hasText: person.email })).toHaveCount(1);

  // Their very next request, in their own unchanged session.
  await theirPage.goto("/dashboard/surveyor");
  await expect(theirPage).toHaveURL(/\/dashboard\/surveyor$/);
  await expect(theirPage.getByRole("heading", { level: 1 })).toBeVisible();

  // The overview traces the change to the admin who made it.
  await page.goto("/dashboard/admin");
  const entry = page.getByRole("list", { name: "Latest changes" }).getByRole("listitem").filter({ hasText: person.email }).first();
  await expect(entry).toContainText("admin@demo.test");
  await expect(entry).toContainText("User → Surveyor");
  await theirs.close();
});

test("the overview names a password change, a suspension and its lifting for what they are and whom they touched", async ({ page, browser }) => {
  const person = newPerson("Audited");
  const theirs = await browser.newContext();
  const id = await registerThroughApi(theirs.request, person);
  await signInAs(theirs.request, person.email, person.password);
  const changed = await theirs.request.post("/api/me/password", { data: { currentPassword: person.password, newPassword: `${person.password}-2` } });
  expect(changed.status()).toBe(200);
  await theirs.close();

  await signInAs(page, "admin@demo.test");
  const reason = `E2E suspension ${Date.now()}`;
  expect((await page.request.post(`/api/users/${id}/suspension`, { data: { reason } })).status()).toBe(200);
  expect((await page.request.delete(`/api/users/${id}/suspension`)).status()).toBe(200);

  await page.goto("/dashboard/admin");
  const entries = page.getByRole("list", { name: "Latest changes" }).getByRole("listitem").filter({ hasText: person.email });
  await expect(entries).toHaveCount(3);
  // Each entry: its sentence, then its detail in a paragraph of its own, then its time.
  await expect(entries.nth(0)).toContainText(`admin@demo.test lifted the suspension of ${person.email}.`);
  await expect(entries.nth(0)).toContainText(`Suspended for: ${reason}`);
  await expect(entries.nth(1)).toContainText(`admin@demo.test suspended ${person.email}.`);
  await expect(entries.nth(1)).toContainText(`Reason: ${reason}`);
  await expect(entries.nth(2)).toContainText(`${person.email} changed the password of their own account.`);
  for (const wrong of ["deleted survey", "none → none", "active → suspended", "Feedback:", "changed the status of"]) {
    await expect(entries.filter({ hasText: wrong })).toHaveCount(0);
  }
});

test("the last admin's demotion is refused, and the page says why", async ({ page }) => {
  await signInAs(page, "admin@demo.test");
  const admins = (await (await page.request.get("/api/get_user?role=admin")).json()) as { email: string }[];
  // Only meaningful (and only safe) while the demo admin is the one admin of this database.
  test.skip(admins.length !== 1, "another spec made a second admin");
  await page.goto("/dashboard/admin/users?role=admin");
  const row = page.getByRole("row").filter({ hasText: "admin@demo.test" });
  await row.getByLabel("Role of admin@demo.test", { exact: true }).selectOption("user");
  await row.getByRole("button", { name: /Save/ }).click();
  await expect(page.getByText("Role not changed")).toBeVisible();
  await expect(page.getByText(/The last admin cannot be demoted: the site would have no one left to manage it/)).toBeVisible();
  await expect(row.getByLabel("Role of admin@demo.test", { exact: true })).toHaveValue("admin");
  const after = (await (await page.request.get("/api/get_user?role=admin")).json()) as { email: string }[];
  expect(after.map((a) => a.email)).toEqual(["admin@demo.test"]);
});

test("unpublishing asks for feedback; the survey leaves the public site, its surveyor reads why, and republishing brings it back", async ({
  page,
  browser,
}) => {
  await signInAs(page, "admin@demo.test");
  const surveyor = await browser.newContext();
  await signInAs(surveyor.request, "surveyor2@demo.test");
  const seeded = (await surveyorSurveys(surveyor.request)).find((s) => s.title === HIDDEN.title)!;
  expect(seeded.status).toBe("unpublish");

  try {
    // Republish: no feedback needed.
    let row = await surveyRow(page, HIDDEN.title);
    for (const header of ["Survey Title", "Description", "Status", "Surveyor Email", "Reports"]) {
      await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
    }
    await expect(row).toContainText(`${HIDDEN.description.slice(0, 40)}...`);
    await expect(row).toContainText("surveyor2@demo.test");
    await row.getByLabel(`Status of ${HIDDEN.title}`, { exact: true }).selectOption("publish");
    await row.getByRole("button", { name: /Update/ }).click();
    await expect(page.getByText("Status Updated")).toBeVisible();
    await expect(page.getByText("Successfully updated the survey status")).toBeVisible();
    expect(await publicTitles(page.request)).toContain(HIDDEN.title);
    await page.goto(`/surveys?category=${HIDDEN.category}&sort=createdAt`);
    await expect(page.getByText(HIDDEN.title)).toBeVisible();
    expect((await page.request.get(`/survey/details/${seeded._id}`)).status()).toBe(200);
    expect(await (await page.request.get("/sitemap.xml")).text()).toContain(`/survey/details/${seeded._id}</loc>`);

    // Unpublish, cancelled and then empty: the notice, nothing sent, and the select back on the
    // survey's real status each time.
    row = await surveyRow(page, HIDDEN.title);
    const status = row.getByLabel(`Status of ${HIDDEN.title}`, { exact: true });
    await status.selectOption("unpublish");
    await row.getByRole("button", { name: /Update/ }).click();
    let dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel("Message")).toHaveAttribute("placeholder", "Type your message here...");
    await expectNoA11yViolations(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByText("Not update!")).toBeVisible();
    await expect(page.getByText("you have to must give a feedback to unpublish this survey")).toBeVisible();
    await expect(status).toHaveValue("publish");
    await status.selectOption("unpublish");
    await row.getByRole("button", { name: /Update/ }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByLabel("Message").fill("   ");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog).toBeHidden();
    await expect(status).toHaveValue("publish");
    expect(await publicTitles(page.request)).toContain(HIDDEN.title);

    // With feedback: gone from the list, the sitemap and its own page at once.
    const feedback = `E2E review ${Date.now()}: please add a source for the claim.`;
    await status.selectOption("unpublish");
    await row.getByRole("button", { name: /Update/ }).click();
    await page.getByRole("dialog").getByLabel("Message").fill(feedback);
    await page.getByRole("dialog").getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("Successfully updated the survey status")).toBeVisible();
    expect(await publicTitles(page.request)).not.toContain(HIDDEN.title);
    await page.goto(`/surveys?category=${HIDDEN.category}&sort=createdAt`);
    await expect(page.getByRole("list", { name: "Surveys" }).getByRole("listitem").first()).toBeVisible();
    await expect(page.getByText(HIDDEN.title)).toHaveCount(0);
    expect((await page.request.get(`/survey/details/${seeded._id}`)).status()).toBe(404);
    expect(await (await page.request.get("/sitemap.xml")).text()).not.toContain(`/survey/details/${seeded._id}</loc>`);

    // The surveyor reads it, and the admin overview names who did it.
    const after = (await surveyorSurveys(surveyor.request)).find((s) => s._id === seeded._id)!;
    expect(after).toMatchObject({ status: "unpublish", feedback });
    await page.goto("/dashboard/admin");
    const entry = page.getByRole("list", { name: "Latest changes" }).getByRole("listitem").filter({ hasText: feedback });
    await expect(entry).toContainText(`admin@demo.test unpublished survey “${HIDDEN.title}”: published → unpublished.`);
    await expect(entry).toContainText(`Feedback: ${feedback}`);
  } finally {
    // Leave the survey as seeded: unpublished, with its seeded feedback.
    const restore = await page.request.post("/api/update_survey_status", {
      data: { id: seeded._id, status: "unpublish", feedbackMessage: SEEDED_FEEDBACK },
    });
    expect(restore.status()).toBe(200);
    expect((await surveyorSurveys(surveyor.request)).find((s) => s._id === seeded._id)).toMatchObject({
      status: "unpublish",
      feedback: SEEDED_FEEDBACK,
    });
    await surveyor.close();
  }
});

test("the reported-only filter lists the seeded reported surveys, most reported first", async ({ page }) => {
  await signInAs(page, "admin@demo.test");
  await page.goto("/dashboard/admin/surveys");
  await page.getByRole("link", { name: "Reported only" }).click();
  await expect(page).toHaveURL(/reported=1/);
  const rows = page.getByRole("table").getByRole("row").filter({ has: page.getByRole("cell") });
  await expect(rows.first()).toBeVisible();
  const twice = rows.filter({ hasText: seedSurveys[1][3].title });
  const once = rows.filter({ hasText: seedSurveys[0][3].title });
  await expect(twice).toHaveCount(1);
  await expect(once).toHaveCount(1);
  // Reports is the last column; the counts never grow down the list.
  const counts = (await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.lastElementChild?.textContent)))) as number[];
  expect(counts.every((n) => n >= 1)).toBe(true);
  expect([...counts].sort((a, b) => b - a)).toEqual(counts);
  expect(Number(await twice.getByRole("cell").last().textContent())).toBeGreaterThanOrEqual(2);
});

test("payments show the seeded payment as $16.00, newest first, with the total received", async ({ page }) => {
  await signInAs(page, "admin@demo.test");
  await page.goto("/dashboard/admin/payments");
  await expect(page.getByRole("heading", { level: 1, name: "Payment Information" })).toBeVisible();
  for (const header of ["Payment ID", "Amount", "User Name", "User Email", "Date"]) {
    await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  const row = page.getByRole("row").filter({ hasText: "pi_demo_seed_pro_account" });
  await expect(row).toContainText("$16.00");
  await expect(row).toContainText("Priya Pro");
  await expect(row).toContainText("pro@demo.test");
  await expect(row).not.toContainText("1600");
  await expect(page.getByTestId("total-received")).toHaveText(/^\$\d[\d,]*\.\d\d/);
});

test("a message sent from /contact appears in Messages, newest first; an admin replies by mail and it is handled", async ({ page, browser }) => {
  const visitor = await browser.newPage();
  const text = `Hello admins, this is message ${Date.now()} from the admin e2e test.`;
  const email = `admin-spec-${Date.now()}@example.com`;
  await visitor.goto("/contact");
  const form = visitor.getByRole("form", { name: "Contact form" });
  await form.getByLabel("Name").fill("Admin Spec Visitor");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Message").fill(text);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(visitor.getByText("Message sent")).toBeVisible();
  await visitor.close();

  await signInAs(page, "admin@demo.test");
  await page.goto("/dashboard/admin");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Messages" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  // The waiting messages, newest first.
  const first = page.getByRole("list", { name: "Waiting messages" }).getByRole("article").first();
  await expect(first).toContainText(text);
  await expect(first).toContainText("Admin Spec Visitor");
  await expect(first.getByTestId("message-state")).toHaveText("Waiting");

  // Reply in place: the form opens with its field focused, and Send mails the reply.
  const replyButton = first.getByRole("button", { name: "Reply to Admin Spec Visitor" });
  await replyButton.click();
  const field = first.getByLabel("Your reply to Admin Spec Visitor");
  await expect(field).toBeFocused();
  await expectNoA11yViolations(page);
  await field.fill("Thank you for writing.\nThe answer is on the account page.");
  await first.getByRole("button", { name: "Send" }).click();
  await expect(first.getByRole("status")).toHaveText(`Reply sent to ${email}`);
  await expect(first.getByTestId("message-state")).toContainText("Replied on");
  await expect(field).toBeHidden();
  await expect(replyButton).toBeFocused();
  const mail = await mailTo(email, /^Re: your message to OPINEX$/);
  expect(mail.text).toContain("The answer is on the account page.");
  expect(mail.text).toContain(`> ${text}`);

  // Now among the handled ones.
  await page.getByRole("navigation", { name: "Message filter" }).getByRole("link", { name: "Handled" }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/messages\?status=handled$/);
  const handled = page.getByRole("list", { name: "Handled messages" }).getByRole("article").filter({ hasText: text });
  await expect(handled.getByTestId("message-state")).toContainText("Replied on");
  await expect(handled.getByRole("button", { name: "Reopen: the message of Admin Spec Visitor" })).toBeVisible();
});

// That no admin or surveyor page scrolls sideways at 390 px (wide tables scroll inside their box) is
// checked on every dashboard page of every role in e2e/design-mobile.spec.ts.
