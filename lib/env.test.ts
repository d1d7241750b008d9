import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

const saved = { ...process.env };

async function freshEnv(vars: Record<string, string | undefined>) {
  vi.resetModules();
  for (const key of ["DATABASE_URL", "AUTH_SECRET", "DATA_DIR", "PORT", "APP_TIME_ZONE", "CORS_ORIGINS"]) delete process.env[key];
  Object.assign(process.env, vars);
  return (await import("./env")).getEnv;
}

afterEach(() => {
  process.env = { ...saved };
});

describe("configuration", () => {
  it("refuses to start on a PostgreSQL server without AUTH_SECRET, saying so", async () => {
    const getEnv = await freshEnv({ DATABASE_URL: "postgres://u:p@localhost:5432/db" });
    expect(() => getEnv()).toThrow(/AUTH_SECRET is required when DATABASE_URL is set/);
  });

  it("generates and keeps a secret under DATA_DIR for the embedded database", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "opinex-env-"));
    const first = (await freshEnv({ DATA_DIR: dir }))();
    const second = (await freshEnv({ DATA_DIR: dir }))();
    expect(first.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(second.AUTH_SECRET).toBe(first.AUTH_SECRET);
    expect(first.PORT).toBe(3000);
    expect(first.APP_TIME_ZONE).toBe("UTC");
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("names every invalid variable", async () => {
    const getEnv = await freshEnv({ PORT: "eighty", APP_TIME_ZONE: "Mars/Olympus", DATABASE_URL: "mysql://x" });
    expect(() => getEnv()).toThrow(/PORT[\s\S]*APP_TIME_ZONE|APP_TIME_ZONE[\s\S]*PORT/);
  });

  it("parses the CORS origins list", async () => {
    const getEnv = await freshEnv({ AUTH_SECRET: "x".repeat(40), CORS_ORIGINS: "https://a.example, https://b.example" });
    expect(getEnv().CORS_ORIGINS).toEqual(["https://a.example", "https://b.example"]);
  });
});
