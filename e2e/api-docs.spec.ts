// The public API reference: the OpenAPI document at /api/openapi.json and the interactive reference
// at /docs/api, which runs under the site's policy with no violation, fetches nothing from another
// origin, and loads its script on that page only.
import { expect, test, type Page } from "@playwright/test";

/** Every Content-Security-Policy violation the page reports, and every request it makes to another origin. */
async function watch(page: Page, origin: string) {
  const violations: string[] = [];
  const elsewhere: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith("data:") && !url.startsWith("blob:") && new URL(url).origin !== origin) elsewhere.push(url);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  return { violations, elsewhere };
}

test("GET /api/openapi.json answers the OpenAPI 3.1 document as JSON, cacheable, the same for everyone", async ({ request }) => {
  const response = await request.get("/api/openapi.json");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  expect(response.headers()["cache-control"]).toMatch(/s-maxage=\d+/);
  const document = await response.json();
  expect(document.openapi).toMatch(/^3\.1\./);
  expect(document.paths["/api/all_surveys"].get.summary).toBe("List published surveys");
  expect(document.paths["/api/vote/{id}"].put["x-roles"]).toEqual(["user", "pro_user"]);
  // Static per build: byte for byte the same on the next request; and read-only.
  expect(await (await request.get("/api/openapi.json")).text()).toBe(JSON.stringify(document));
  for (const method of ["POST", "PUT", "DELETE"]) {
    expect((await request.fetch("/api/openapi.json", { method, data: { openapi: "3.1.0" } })).status(), method).toBe(405);
  }
});

test("the footer's Public API and Documentation links open the reference", async ({ page }) => {
  await page.goto("/");
  const developers = page.getByRole("contentinfo").getByRole("navigation", { name: "Developers" });
  await expect(developers.getByRole("link", { name: "Documentation" })).toHaveAttribute("href", "/docs/api");
  await developers.getByRole("link", { name: "Public API" }).click();
  await expect(page).toHaveURL("/docs/api");
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
});

test("/docs/api renders the operations from our own origin, with no policy violation", async ({ page, baseURL }) => {
  const { violations, elsewhere } = await watch(page, new URL(baseURL!).origin);
  await page.request.get("/docs/api"); // the first answer after a build streams; the next comes whole from the cache
  const response = await page.goto("/docs/api");
  expect(response!.status()).toBe(200);
  const policy = response!.headers()["content-security-policy"];
  expect(response!.headers()["cache-control"]).toMatch(/s-maxage=\d+/);
  expect(policy).toMatch(/script-src 'self' 'unsafe-inline' 'sha256-/);
  expect(policy).not.toContain("'nonce-");
  expect(policy).not.toContain("unsafe-eval");

  const reference = page.getByRole("main", { name: "API documentation for OPINEX API" });
  const sidebar = page.getByRole("complementary", { name: /^Sidebar for OPINEX API/ });
  await expect(reference.getByRole("heading", { name: "OPINEX API" })).toBeVisible();
  await expect(reference.getByRole("heading", { name: "List published surveys", exact: true })).toBeVisible();
  for (const tag of ["Voting", "Surveyor", "Admin", "Account", "Payments", "Operations", "Auth.js"]) {
    await expect(sidebar.getByRole("link", { name: tag, exact: true })).toBeVisible();
  }
  // An operation of another group, opened from the sidebar: who may call it, its parameters and answers.
  await sidebar.getByRole("button", { name: "Open Group - Admin" }).click();
  await sidebar.getByRole("link", { name: /^List accounts/ }).click();
  const listAccounts = reference.getByRole("region", { name: "List accounts", exact: true });
  await expect(listAccounts.getByRole("heading", { name: "List accounts" })).toBeVisible();
  await expect(listAccounts.getByText("Who may call: admin.")).toBeVisible();
  await expect(listAccounts.getByRole("list", { name: "Query Parameters" })).toContainText("limit");
  await listAccounts.getByRole("button", { name: /^200 / }).click();
  await expect(listAccounts.getByText("pro_user", { exact: true })).toBeVisible();
  await listAccounts.getByRole("button", { name: "Headers" }).click();
  await expect(listAccounts.getByText("X-Total-Count").first()).toBeVisible();

  expect(violations).toEqual([]);
  expect(elsewhere).toEqual([]);
});

test("the reference's script loads on /docs/api only", async ({ page, request }) => {
  const scriptsOf = async (path: string, ready: () => Promise<void>) => {
    const loaded: string[] = [];
    const listener = (r: import("@playwright/test").Response) => {
      if (r.request().resourceType() === "script") loaded.push(r.url());
    };
    page.on("response", listener);
    await page.goto(path);
    await ready();
    await page.waitForLoadState("networkidle");
    page.off("response", listener);
    return loaded;
  };
  // A class name of Scalar's Vue templates: minifying keeps it.
  const isScalar = async (url: string) => (await (await request.get(url)).text()).includes("references-rendered");
  const docs = await scriptsOf("/docs/api", () => expect(page.getByRole("main", { name: /^API documentation/ })).toBeVisible());
  const about = await scriptsOf("/about", () => expect(page.locator("h1").first()).toBeVisible());
  const scalar = [];
  for (const url of docs) if (await isScalar(url)) scalar.push(url);
  expect(scalar.length).toBeGreaterThan(0);
  expect(about.length).toBeGreaterThan(0);
  for (const url of about) expect(await isScalar(url), url).toBe(false);
});
