// The main flows with the keyboard alone (Tab, Shift+Tab, Space, Enter, arrows, typing), with a
// visible focus indicator (an outline or a ring) on every element focus reaches on the way. Each flow
// acts as its own fresh person or on its own survey, so the seeded demo state stays as it is.
import { randomBytes } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { newPerson, picture, verifyFromInbox, solvedAltcha } from "./fixtures/accounts";
import { openSurveyId } from "./fixtures/surveys";
import { CARDS, useFakeStripeJs } from "./fixtures/fake-stripe-js";
import { signInAs } from "./fixtures/session";

/** Describes the focused element and whether it (or the field group around it) shows focus. */
async function focusState(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { visible: false, what: "nothing (body)" };
    const shows = (node: Element) => {
      const s = getComputedStyle(node);
      const outline = s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0;
      const shadow = s.boxShadow !== "none" && s.boxShadow !== "";
      return outline || shadow;
    };
    // A composite field (the card element) shows focus on its group with :focus-within.
    let visible = shows(el);
    const group = el.closest('[role="group"]');
    if (!visible && group && group.matches(":focus-within")) visible = shows(group);
    const label = el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 40) ?? "";
    return { visible, what: `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}> ${label}` };
  });
}

let steps = 0;
/** Presses Tab (or Shift+Tab) until `target` has focus, checking visible focus at every stop. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    steps++;
    const state = await focusState(page);
    // Past the last element Tab leaves the page (focus on the body, the browser's own controls) and
    // the next Tab starts again at the top: a wrap, not an element without a focus indicator.
    if (state.what === "nothing (body)") continue;
    expect(state.visible, `no visible focus on ${state.what}`).toBe(true);
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

async function expectFocusVisible(page: Page) {
  const state = await focusState(page);
  expect(state.visible, `no visible focus on ${state.what}`).toBe(true);
}

async function freshPerson(page: Page, label: string) {
  const person = newPerson(label);
  const response = await page.request.post("/api/register", {
    multipart: { name: person.name, email: person.email, password: person.password, image: await picture(), altcha: await solvedAltcha(page.request) },
    headers: { "x-forwarded-for": `2001:db8:16:${randomBytes(2).toString("hex")}::${randomBytes(2).toString("hex")}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  await verifyFromInbox(page.request, person.email);
  await signInAs(page, person.email, person.password);
  return person;
}

test.afterAll(() => console.log(`keyboard: ${steps} focus stops checked for a visible indicator`));

test("voting with the keyboard alone", async ({ page }) => {
  await freshPerson(page, "Keys voter");
  const id = await openSurveyId(page);
  await page.goto(`/survey/details/${id}`);
  const form = page.getByRole("form", { name: "Vote on this survey" });
  await expect(form).toBeVisible();
  const question = (await form.locator("legend").textContent())!.trim();
  const yes = form.getByRole("radio", { name: "Yes" });
  const no = form.getByRole("radio", { name: "No" });
  const submit = form.getByRole("button", { name: "Submit" });

  // Submitting with no answer names the question, and takes focus back to the answers.
  await tabTo(page, submit);
  await page.keyboard.press("Enter");
  await expect(form.getByRole("alert")).toHaveText(`This field is required: choose Yes or No to answer "${question}".`);
  await expect(yes).toBeFocused();
  await expectFocusVisible(page);

  // The arrow keys move between Yes and No and choose as they go.
  await page.keyboard.press("ArrowRight");
  await expect(no).toBeFocused();
  await expect(no).toBeChecked();
  await expect(yes).not.toBeChecked();
  await expectFocusVisible(page);
  await page.keyboard.press("ArrowLeft");
  await expect(yes).toBeFocused();
  await expect(yes).toBeChecked();
  await expect(no).not.toBeChecked();
  // Space on the chosen answer clears it (one answer at most, or none); Space again chooses it.
  await page.keyboard.press("Space");
  await expect(yes).not.toBeChecked();
  await expect(no).not.toBeChecked();
  await expect(yes).toBeFocused();
  await page.keyboard.press("Space");
  await expect(yes).toBeChecked();
  await expect(form.getByRole("alert")).toHaveCount(0);

  await tabTo(page, submit);
  await page.keyboard.press("Enter");
  await expect(form).toHaveCount(0);
  const state = (await (await page.request.get(`/api/vote/${id}`)).json()) as { myVote: { vote: string } | null };
  expect(state.myVote?.vote).toBe("yes");
});

test("paying for the Extended plan with the keyboard alone", async ({ page }) => {
  await useFakeStripeJs(page);
  await freshPerson(page, "Keys payer");
  await page.goto("/pricing");
  await tabTo(page, page.getByRole("link", { name: "Purchase" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole("button", { name: "Pay" })).toBeEnabled();
  await tabTo(page, page.getByLabel("Card number"));
  await page.keyboard.type(CARDS.succeeds);
  await tabTo(page, page.getByLabel("Expiration date (MM / YY)"));
  await page.keyboard.type("12 / 34");
  await tabTo(page, page.getByLabel("CVC"));
  await page.keyboard.type("123");
  await tabTo(page, page.getByRole("button", { name: "Pay" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("Your payment was successful")).toBeVisible();
  const me = (await (await page.request.get("/api/me")).json()) as { user: { role: string } };
  expect(me.user.role).toBe("pro_user");
});

test("creating a survey with the keyboard alone, then an admin unpublishing it with the keyboard alone", async ({ page, browser }) => {
  await signInAs(page, "surveyor@demo.test");
  await page.goto("/dashboard/surveyor/create");
  const form = page.locator("form").filter({ has: page.getByLabel("Survey Title") });
  const title = `Keyboard survey ${randomBytes(3).toString("hex")}`;
  const min = (await form.getByLabel("Deadline").getAttribute("min"))!;
  const deadline = new Date(Date.parse(`${min}T00:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10);

  await tabTo(page, form.getByLabel("Survey Title"));
  await page.keyboard.type(title);
  await tabTo(page, form.getByLabel("Survey Description"));
  await page.keyboard.type("Made with the keyboard alone.");
  await tabTo(page, form.getByLabel("Category"));
  // A native select: arrows choose while it is closed.
  await page.keyboard.press("ArrowDown");
  await expect(form.getByLabel("Category")).not.toHaveValue("");
  await tabTo(page, form.getByLabel("Deadline"));
  // A date field takes its parts in the locale's order (en-US: month, day, year).
  const [y, m, d] = deadline.split("-");
  await page.keyboard.type(`${m}${d}${y}`);
  await expect(form.getByLabel("Deadline")).toHaveValue(deadline);
  await tabTo(page, form.getByLabel("Question Title"));
  await page.keyboard.type("Keyboard only?");
  await tabTo(page, form.getByLabel("Question Description"));
  await page.keyboard.type("Was this made without a mouse?");
  await tabTo(page, form.getByRole("button", { name: "Submit Survey" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/surveyor\/surveys$/);
  const mine = (await (await page.request.get(`/api/surveys/${encodeURIComponent("surveyor@demo.test")}`)).json()) as { _id: string; title: string; status: string }[];
  const created = mine.find((s) => s.title === title);
  expect(created?.status).toBe("publish");

  // The admin unpublishes it from Manage Surveys (the newest survey is on the first page).
  const admin = await browser.newPage();
  try {
    await signInAs(admin, "admin@demo.test");
    await admin.goto("/dashboard/admin/surveys");
    await expect(admin.getByRole("heading", { level: 1, name: "Manage Surveys" })).toBeVisible();
    const status = admin.getByLabel(`Status of ${title}`, { exact: true });
    await expect(status).toBeVisible();
    // Tab once the page has settled (the account area and the sidebar finish loading).
    await admin.waitForLoadState("networkidle");
    await tabTo(admin, status, { max: 200 });
    await admin.keyboard.press("ArrowDown");
    await expect(status).toHaveValue("unpublish");
    await tabTo(admin, admin.getByRole("button", { name: `Update the status of ${title}` }));
    await admin.keyboard.press("Enter");
    const dialog = admin.getByRole("dialog");
    await expect(dialog).toBeVisible();
    // The dialog takes focus; the message field is reached from inside it.
    const message = dialog.getByLabel("Message");
    if (!(await message.evaluate((el) => el === document.activeElement))) await tabTo(admin, message);
    else await expectFocusVisible(admin);
    await admin.keyboard.type("Unpublished with the keyboard alone.");
    await tabTo(admin, dialog.getByRole("button", { name: "Send" }));
    await admin.keyboard.press("Enter");
    await expect(admin.getByText("Successfully updated the survey status")).toBeVisible();
    const after = (await (await page.request.get(`/api/surveys/${encodeURIComponent("surveyor@demo.test")}`)).json()) as { _id: string; status: string }[];
    expect(after.find((s) => s._id === created!._id)?.status).toBe("unpublish");
  } finally {
    await admin.close();
  }
});
