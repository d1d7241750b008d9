import { expect, test } from "@playwright/test";
import { analyzePage } from "./fixtures/axe";
import { logInWithForm, newPerson, picture, registerThroughApi, registerWithForm } from "./fixtures/accounts";
import { signInAs } from "./fixtures/session";
import { openPhoneMenu } from "./fixtures/navigation";

test.describe("registration", () => {
  test("register with a picture and land signed in, with the Dashboard link, name and picture", async ({ page }) => {
    const person = newPerson("Reggie");
    await page.goto("/register");
    await expect(page.getByRole("heading", { name: "Register for your account" })).toBeVisible();
    await registerWithForm(page, person);

    await expect(page.getByText("Your account created successfully")).toBeVisible();
    // Signed in, on the page that waits for the verification mail (this site sends mail).
    await expect(page).toHaveURL(/\/check-inbox$/);
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await expect(page.getByText(`We sent an email to ${person.email}.`)).toBeVisible();
    const account = page.getByTestId("desktop-account");
    await expect(account).toContainText(person.name);
    await expect(account.locator("img")).toHaveAttribute("src", /^\/api\/avatars\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard/user");
    // The original client's sign-in state machine: the API token is kept in local storage under `token`, and goes at sign-out.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("token"))).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    await account.getByRole("button", { name: "Log Out" }).click();
    await expect(page.getByText("You have been signed out")).toBeVisible();
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  });

  test("the form shows the spec's validation messages and a duplicate email gets its own message", async ({ page }) => {
    await page.goto("/signup");
    await page.getByRole("button", { name: "Register", exact: true }).click();
    for (const message of ["Name is required", "Email is required", "Password is required", "image is required"]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByLabel("Email address").fill("not-an-email");
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await expect(page.getByText("Invalid email address")).toBeVisible();

    await page.getByLabel("Name").fill("Someone Else");
    await page.getByLabel("Email address").fill("user@demo.test");
    await page.getByLabel("Password").fill("another-password");
    await page.getByLabel("Profile Picture").setInputFiles(await picture());
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await expect(page.getByText("Oh no!")).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "An account with this email already exists" }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test("a file that is not an image is refused with a clear message", async ({ page }) => {
    const person = newPerson("Nopic");
    await page.goto("/register");
    await page.getByLabel("Name").fill(person.name);
    await page.getByLabel("Email address").fill(person.email);
    await page.getByLabel("Password").fill(person.password);
    await page.getByLabel("Profile Picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: Buffer.from("not a picture at all") });
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "The picture must be a PNG, JPEG, WebP or GIF image" }).first()).toBeVisible();
    await expect(page.getByTestId("desktop-account").getByRole("link", { name: "Login" })).toBeVisible();
  });
});

test.describe("login", () => {
  test("a signed-in person opening login or register goes on to the callback (same site only) or home", async ({ page }) => {
    await signInAs(page, "user@demo.test");
    await page.goto("/login?callbackUrl=%2Fsurveys%3Fsort%3DcreatedAt");
    await expect(page).toHaveURL(/\/surveys\?sort=createdAt$/);
    await page.goto("/register");
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/signup?callbackUrl=%2Fpricing");
    await expect(page).toHaveURL(/\/pricing$/);
    // Never another site.
    await page.goto("/login?callbackUrl=https%3A%2F%2Fevil.example%2F");
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
    await page.goto("/login?callbackUrl=%2F%2Fevil.example");
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  });

  test("a wrong password shows the error popup and stays on the page; the right one shows the success popup and goes home", async ({ page }) => {
    const person = newPerson("Rightpw");
    await registerThroughApi(page.request, person);
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await logInWithForm(page, person.email, "not-the-password");
    // Said on the form, what failed and what to do, with the address kept.
    await expect(page.getByRole("alert").filter({ hasText: "That email and password do not match an account." })).toBeVisible();
    await expect(page.getByRole("alert").getByRole("link", { name: "Forgot your password?" })).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveValue(person.email);
    await expect(page).toHaveURL(/\/login$/);

    // The same form, the right password.
    await logInWithForm(page, person.email, person.password);
    await expect(page.getByText("Successfully logged in to your account")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("desktop-account")).toContainText(person.name);
  });

  test("after too many wrong passwords the login page says so", async ({ browser }) => {
    // Its own client address, so the address throttle does not touch the other tests.
    const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.23" } });
    const page = await context.newPage();
    const person = newPerson("Throttled");
    await registerThroughApi(page.request, person);
    // Nine wrong passwords as the form sends them (the same request, from this client), the tenth
    // through the form itself.
    for (let i = 0; i < 9; i++) {
      const { csrfToken } = await (await page.request.get("/api/auth/csrf")).json();
      const response = await page.request.post("/api/auth/callback/credentials", {
        form: { email: person.email, password: `wrong-${i}`, csrfToken, callbackUrl: "/" },
        maxRedirects: 0,
      });
      expect(response.headers()["location"] ?? "", `attempt ${i + 1}`).toContain("error");
    }
    await page.goto("/login");
    await logInWithForm(page, person.email, "wrong-9");
    await expect(page.getByTestId("login-failed")).toContainText("That email and password do not match an account.");
    await logInWithForm(page, person.email, person.password);
    await expect(page.getByRole("alert").filter({ hasText: "Too many attempts. Please wait 15 minutes and try again." })).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
    await context.close();
  });

  test("Google sign-in round trip through the local provider creates a user-role account, verified by Google", async ({ page }) => {
    await page.goto("/login");
    const google = page.getByRole("button", { name: "Login with Google" });
    await expect(google).toBeEnabled();
    await google.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("desktop-account")).toContainText("Gina Google");
    await expect(page.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard/user");
    const me = await (await page.request.get("/api/me")).json();
    // Google vouched for the address (email_verified): no mail of ours is needed to vote.
    expect(me.user).toMatchObject({ email: "gina.google@example.test", role: "user", emailVerified: true });
  });

  test("a signed-out visit to a dashboard page goes to login and, after signing in, back to that page; a callbackUrl off the site goes home", async ({ page }) => {
    // One person, signed in through the form four times (signed out in between by dropping the cookies).
    const person = newPerson("Comeback");
    await registerThroughApi(page.request, person);
    await page.goto("/dashboard/user/surveys");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard%2Fuser%2Fsurveys$/);
    await logInWithForm(page, person.email, person.password);
    await expect(page).toHaveURL(/\/dashboard\/user\/surveys$/);

    for (const target of ["//evil.example/steal", "https://evil.example/steal", "/\\evil.example"]) {
      await page.context().clearCookies();
      await page.goto(`/login?callbackUrl=${encodeURIComponent(target)}`);
      await logInWithForm(page, person.email, person.password);
      await expect(page.getByText("Successfully logged in to your account"), target).toBeVisible();
      await expect(page, target).toHaveURL(new URL("/", page.url()).toString());
    }
  });
});

test.describe("guards", () => {
  test("a user opening an admin page is sent to their own dashboard, even with x-middleware-subrequest", async ({ page }) => {
    await signInAs(page, "user@demo.test");
    await page.goto("/dashboard/admin/users");
    await expect(page).toHaveURL(/\/dashboard\/user$/);
    await page.setExtraHTTPHeaders({ "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy" });
    await page.goto("/dashboard/admin/users");
    await expect(page).toHaveURL(/\/dashboard\/user$/);
    const api = await page.request.post("/api/update_role", {
      data: { id: "00000000-0000-4000-8000-000000000000", role: "admin" },
      headers: { "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy" },
    });
    expect(api.status()).toBe(403);
  });

  test("a signed-out visitor with x-middleware-subrequest still goes to login", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy" });
    await page.goto("/dashboard/admin");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard%2Fadmin$/);
    await page.goto("/payment");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fpayment$/);
  });

  test("after an admin changes someone's role, that person's next request sees the new role", async ({ page, playwright, baseURL }) => {
    const person = newPerson("Promoted");
    const id = await registerThroughApi(page.request, person);
    // Signed in as the form does (the form is the login tests' subject, not this one's).
    await signInAs(page, person.email, person.password);
    await page.goto("/dashboard");
    await expect(page.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard/user");
    await expect(page).toHaveURL(/\/dashboard\/user$/);

    // The admin's API session (the role change through the API, as a script would make it).
    const admin = await playwright.request.newContext({ baseURL });
    await signInAs(admin, "admin@demo.test");
    const change = await admin.post("/api/update_role", { data: { id, role: "surveyor" }, headers: { origin: baseURL! } });
    expect(await change.json()).toEqual({ modifiedCount: 1 });
    await admin.dispose();

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/dashboard\/surveyor$/);
    await expect(page.getByRole("navigation", { name: "Dashboard" })).toContainText("Create Survey");
    await page.goto("/dashboard/user/surveys");
    await expect(page).toHaveURL(/\/dashboard\/surveyor$/);
    await expect(page.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard/surveyor");
  });
});

test.describe("navigation and dashboards", () => {
  test("each role gets its own sidebar; pro_user also sees My Commented Surveys", async ({ page }) => {
    await signInAs(page, "pro@demo.test");
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/dashboard\/pro_user$/);
    const sidebar = page.getByRole("navigation", { name: "Dashboard" });
    for (const label of ["Home", "Participated Surveys", "My Reported Surveys", "My Commented Surveys"]) {
      await expect(sidebar.getByRole("link", { name: label })).toBeVisible();
    }
    await expect(sidebar.getByRole("link", { name: "My Commented Surveys" })).toHaveAttribute("href", "/dashboard/pro_user/comments");
    const results = await analyzePage(page);
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  test("a person changes their picture on the account page; a non-image is refused", async ({ page }) => {
    const person = newPerson("Repic");
    await registerThroughApi(page.request, person);
    await signInAs(page, person.email, person.password);
    await page.goto("/dashboard/account");
    await expect(page).toHaveURL(/\/dashboard\/account$/);
    const before = await page.getByTestId("desktop-account").locator("img").getAttribute("src");
    await page.getByLabel("Change picture").setInputFiles({ name: "x.png", mimeType: "image/png", buffer: Buffer.from("nope") });
    await expect(page.getByRole("alert").filter({ hasText: "The picture must be a PNG, JPEG, WebP or GIF image" })).toBeVisible();
    await page.getByLabel("Change picture").setInputFiles(await picture());
    await expect(page.getByText("Your picture was updated")).toBeVisible();
    await expect(page.getByTestId("desktop-account").locator("img")).not.toHaveAttribute("src", before!);
  });

  test("the small-screen menu shows Dashboard, the person's name and Log Out", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signInAs(page, "surveyor@demo.test");
    await page.goto("/");
    const menu = await openPhoneMenu(page);
    await expect(menu.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard/surveyor");
    await expect(menu).toContainText("Sam Surveyor");
    await expect(menu.getByRole("button", { name: "Log Out" })).toBeVisible();
    await menu.getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard\/surveyor$/);
    await expect(menu).toBeHidden();
  });

  test("responses carry the security headers; Stripe is allowed on the payment page only", async ({ page }) => {
    const home = await page.request.get("/");
    const csp = home.headers()["content-security-policy"];
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("stripe");
    expect(csp).not.toContain("unsafe-eval");
    expect(home.headers()["x-content-type-options"]).toBe("nosniff");
    expect(home.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    // HSTS only over HTTPS: this server is plain http with no proxy saying otherwise.
    expect(home.headers()["strict-transport-security"]).toBeUndefined();

    await signInAs(page, "user@demo.test");
    const payment = await page.request.get("/payment");
    expect(payment.headers()["content-security-policy"]).toContain("https://js.stripe.com");

    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name.endsWith("authjs.session-token"));
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  });
});
