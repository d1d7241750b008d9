// The journeys of bench/journeys.mjs on the product as it was before the shared link carried the
// choice (commit ab338a5): a signed-out survey page said only "Please login to vote this survey! Login";
// the login page's way to register was "Sign up here" (it kept the callback); registering signed in and
// went back to the survey, which said "Verify your email address to vote."; verifying was only the
// mailed link's page and its "Verify my email address" button, whose page then offered "Browse surveys"
// and the dashboard: the person opened the survey's link again; Yes and No were two checkboxes, nothing
// chosen. No passkeys (the passkey journey is measured by the same code as today's, which finds no
// passkey on the account page and says so).
import { answerControl, picture, voteForm } from "./journey-driver.mjs";
import { linkIn } from "./mail-inbox.mjs";

const voteRegion = (page) => page.getByRole("region", { name: "Your vote" });

/** A new person: the shared link, Login, Sign up here, the form, the mail's link and its button, the survey again, Yes, Submit. */
export async function newPersonBefore(p, { inbox }) {
  const { page, person } = p;
  await p.open(p.sharedLink, "the shared link");
  await p.click(voteRegion(page).getByRole("link", { name: "Login", exact: true }), "Login");
  await p.click(page.getByRole("link", { name: /^(Sign up here|Register here)$/ }), "Sign up here");
  await p.fill(page.getByLabel("Name", { exact: true }), person.name, "Name");
  await p.fill(page.getByLabel("Email address", { exact: true }), person.email, "Email address");
  await p.fill(page.getByLabel("Password", { exact: true }), person.password, "Password");
  await p.fill(page.getByLabel("Profile Picture", { exact: true }), await picture(), "Profile Picture");
  await p.click(page.getByRole("button", { name: "Register", exact: true }), "Register");
  // Signed in: the form sends the person on (back to the survey, which asks for a verified address).
  await page.waitForURL((url) => url.pathname !== "/register");
  const mail = await p.readMail(inbox, /Confirm your email address/);
  await p.open(linkIn(mail, "/verify-email"), "the mail's link");
  await p.click(page.getByRole("button", { name: "Verify my email address" }), "Verify my email address");
  await page.getByRole("heading", { name: "Your email address is verified" }).waitFor();
  // That page offers "Browse surveys" and the dashboard: the survey is found by its link again.
  await p.open(p.sharedLink, "the survey's link again");
  if (await p.seeForm("Yes")) throw new Error("the old form had an answer chosen");
  await p.click(answerControl(page, "Yes"), "Yes", { answer: true });
  await p.click(voteForm(page).getByRole("button", { name: "Submit" }), "Submit");
}

/** A returning person with a password: the shared link, Login, the two fields, Sign in, Yes, Submit. */
export async function passwordBefore(p) {
  const { page, person } = p;
  await p.open(p.sharedLink, "the shared link");
  await p.click(voteRegion(page).getByRole("link", { name: "Login", exact: true }), "Login");
  await p.fill(page.getByLabel("Email address", { exact: true }), person.email, "Email address");
  await p.fill(page.getByLabel("Password", { exact: true }), person.password, "Password");
  await p.click(page.getByRole("button", { name: "Sign in", exact: true }), "Sign in");
  if (await p.seeForm("Yes")) throw new Error("the old form had an answer chosen");
  await p.click(answerControl(page, "Yes"), "Yes", { answer: true });
  await p.click(voteForm(page).getByRole("button", { name: "Submit" }), "Submit");
}
