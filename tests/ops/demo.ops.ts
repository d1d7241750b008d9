// `npm run demo` as the README says to run it: the site with its demo data and its mail inbox. A new
// account's verification mail arrives in the inbox and its link verifies the address; SIGTERM to npm
// stops the site and the inbox.
import { spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { altchaFrom } from "../altcha";
import { imageForm, pngBytes } from "@/tests/images";
import { ROOT, baseEnv, hasBuild, isAlive, tempDir } from "./helpers";

if (!hasBuild) console.warn("tests/ops/demo: skipped (needs a production build: npm run build); .ci/run provides it.");

const PORT = 4641;
const INBOX = 4642;
const SMTP = 4643;
let stop: (() => Promise<unknown>) | undefined;
afterAll(() => stop?.());

async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.skipIf(!hasBuild)("npm run demo", () => {
  it("serves the site and its inbox: register, the verification mail arrives there, its link verifies; SIGTERM stops both", async () => {
    const env = baseEnv({ PORT: String(PORT), DEMO_INBOX_PORT: String(INBOX), DEMO_SMTP_PORT: String(SMTP), DATA_DIR: tempDir("demo"), AUTH_SECRET: "" });
    delete env.SMTP_URL;
    delete env.AUTH_URL;
    const npm = spawn("npm", ["run", "demo", "--silent"], { cwd: ROOT, env: env as unknown as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    npm.stdout!.on("data", (c: Buffer) => (output += c.toString()));
    npm.stderr!.on("data", (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => npm.on("exit", resolve));
    stop = async () => {
      if (npm.exitCode === null) npm.kill("SIGTERM");
      return exited;
    };

    const site = `http://localhost:${PORT}`;
    await until("the demo site", 120_000, async () => ((await fetch(`${site}/api/health`)).ok ? true : undefined));
    await until("the start message", 10_000, async () => (output.includes(`inbox at http://localhost:${INBOX}`) ? true : undefined));
    const page = await fetch(`http://localhost:${INBOX}/`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);

    const email = `demo-newcomer-${Date.now()}@example.test`;
    const registered = await fetch(`${site}/api/register`, { method: "POST", body: imageForm({ name: "Newcomer", email, password: "newcomer-password", altcha: await altchaFrom(site) }, { bytes: await pngBytes() }) });
    expect(registered.status).toBe(201);

    type Mail = { subject: string; text: string; to: { address: string }[] };
    const mail = await until("the verification mail in the inbox", 30_000, async () => {
      const mails = (await (await fetch(`http://localhost:${INBOX}/api/email`)).json()) as Mail[];
      return mails.find((m) => m.to[0]?.address === email);
    });
    expect(mail.subject).toBe("Confirm your email address for OPINEX");
    const link = mail.text.split(/\s+/).find((w) => w.startsWith(`${site}/verify-email?token=`));
    expect(link).toBeTruthy();
    // Opening the link only asks; its page's button sends the token.
    const opened = await fetch(link!);
    expect(await opened.text()).toContain("Verify my email address");
    const verified = await fetch(`${site}/api/verify-email`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: new URL(link!).searchParams.get("token") }) });
    expect(verified.status).toBe(200);

    const pid = npm.pid!;
    npm.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(isAlive(pid)).toBe(false);
    await expect(fetch(`http://localhost:${INBOX}/api/email`)).rejects.toThrow();
    await expect(fetch(`${site}/api/health`)).rejects.toThrow();
  });
});
