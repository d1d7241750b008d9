// Against a production server (`npm start` on a PostgreSQL database):
// malformed requests get a 4xx with the security headers and no stack trace in the log; Next's cache
// headers are not sent; HSTS only over HTTPS from a trusted proxy; the avatar route keeps its own CSP;
// the OG image answers 404 for unknown ids and serves known ones from the cache until the survey changes (lib/events.ts).
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { altchaFrom } from "../altcha";
import { imageForm, pngBytes } from "@/tests/images";
import { PG_URL, ROOT, apiToken, baseEnv, createPgDatabase, createVoters, openSurveyIds, seed, startServer, stopServer, withDb, type Server } from "./helpers";

// OPS_APP_DIR: another checkout's build (as in signin-storm.ops.ts).
const APP_DIR = process.env.OPS_APP_DIR ? path.resolve(process.env.OPS_APP_DIR) : ROOT;
const runnable = fs.existsSync(path.join(APP_DIR, ".next/BUILD_ID")) && Boolean(PG_URL);
const PORT = Number(process.env.OPS_HARDENING_PORT ?? 4512);

let server: Server;
let database: { url: string; drop: () => Promise<void> };

const stackLines = () => server.lines.filter((l) => /^\s+at /.test(l) || l.includes("\\n    at "));

/** fetch refuses TRACE: a plain http.request. */
function rawRequest(method: string, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}${path}`, { method }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

function expectSecurityHeaders(res: Response, what: string) {
  expect(res.headers.get("content-security-policy"), what).toBeTruthy();
  expect(res.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(res.headers.get("x-frame-options"), what).toBe("DENY");
}

describe.skipIf(!runnable)("hardening of a production server", () => {
  beforeAll(async () => {
    database = await createPgDatabase();
    // 127.0.0.1 is the trusted proxy: its X-Forwarded-Proto is believed; ::1 is a client like any other.
    const env = baseEnv({ DATABASE_URL: database.url, TRUSTED_PROXIES: "127.0.0.1" });
    seed(env);
    server = await startServer(PORT, env, APP_DIR);
  });
  afterAll(async () => {
    if (server) await stopServer(server);
    await database?.drop();
  });

  it("answers malformed addresses with 400, the security headers and no stack trace", async () => {
    for (const path of ["/api/survey/%", "/api/%zz", "/api/vote/%", "/survey/details/%E0%A4%A", "/api/auth/%"]) {
      for (const method of ["GET", "POST"]) {
        const res = await fetch(`${server.url}${path}`, { method, headers: method === "POST" ? { "content-type": "application/json" } : {}, body: method === "POST" ? "{}" : undefined });
        expect(res.status, `${method} ${path}`).toBe(400);
        expectSecurityHeaders(res, path);
        expect(await res.text()).not.toMatch(/\bat \w+ \(/);
      }
    }
    expect(stackLines()).toEqual([]);
  });

  it("answers TRACE with 405 on route handlers and pages, without a stack trace", async () => {
    for (const path of ["/api/get_latest_survey", "/api/me", "/api/auth/session", "/api/vote/00000000-0000-4000-8000-000000000000", "/"]) {
      const res = await rawRequest("TRACE", path);
      expect(res.status, path).toBe(405);
      expect(res.headers["content-security-policy"], path).toBeTruthy();
      expect(res.headers["x-content-type-options"], path).toBe("nosniff");
    }
    expect(stackLines()).toEqual([]);
  });

  it("answers an RSC request with a garbage router state tree with 400; a real one still works", async () => {
    for (const path of ["/", "/surveys"]) {
      for (const tree of ["garbage", "%7B%22a%22%3A1%7D", "%5B%5D", "%E0%A4%A"]) {
        const res = await fetch(`${server.url}${path}`, { headers: { RSC: "1", "Next-Router-State-Tree": tree } });
        expect(res.status, `${path} ${tree}`).toBe(400);
        expectSecurityHeaders(res, path);
      }
      const valid = encodeURIComponent(JSON.stringify(["", { children: ["__PAGE__", {}] }]));
      const ok = await fetch(`${server.url}${path}`, { headers: { RSC: "1", "Next-Router-State-Tree": valid } });
      expect(ok.status, `${path} valid tree`).toBe(200);
      expect(ok.headers.get("content-type")).toContain("text/x-component");
    }
    expect(stackLines()).toEqual([]);
  });

  it("sends no x-nextjs-* cache headers to the public", async () => {
    const [surveyId] = await openSurveyIds({ url: database.url }, 1);
    for (const path of ["/", "/surveys", "/about", "/privacy", "/terms", "/pricing", `/survey/details/${surveyId}`, "/api/get_latest_survey"]) {
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${server.url}${path}`);
        expect(res.status, path).toBe(200);
        for (const name of ["x-nextjs-cache", "x-nextjs-prerender", "x-nextjs-stale-time"]) expect(res.headers.get(name), `${path} ${name}`).toBeNull();
      }
    }
  });

  it("sends HSTS only over HTTPS reported by a trusted proxy", async () => {
    const plain = await fetch(`${server.url}/about`);
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    const viaProxy = await fetch(`${server.url}/about`, { headers: { "x-forwarded-proto": "https" } });
    expect(viaProxy.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    // The same claim from a client that is not a trusted proxy (over IPv6 loopback) is not believed.
    const claimed = await fetch(`http://[::1]:${server.port}/about`, { headers: { "x-forwarded-proto": "https" } }).catch(() => null);
    if (claimed) expect(claimed.headers.get("strict-transport-security")).toBeNull();
  });

  it("keeps the avatar route's own, stricter Content-Security-Policy", async () => {
    const form = imageForm({ name: "Ava Tar", email: "ava@example.test", password: "correct horse battery", altcha: await altchaFrom(server.url) }, { bytes: await pngBytes() });
    const registered = await fetch(`${server.url}/api/register`, { method: "POST", body: form, headers: { "x-forwarded-for": "10.90.0.1" } });
    expect(registered.status).toBe(201);
    const image = await withDb({ url: database.url }, async (db) => {
      const result = await db.execute(sql`select image from users where email = 'ava@example.test'`);
      return (result as unknown as { rows: { image: string }[] }).rows[0].image;
    });
    const avatar = await fetch(`${server.url}${image}`);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(avatar.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("OG image: 404 for unknown and malformed ids without rendering; a known one comes from the cache until the survey changes", async () => {
    const [surveyId] = await openSurveyIds({ url: database.url }, 1);
    // The picture's address as the page names it (Next adds a build-specific suffix).
    const page = await (await fetch(`${server.url}/survey/details/${surveyId}`)).text();
    const ogPath = new URL(page.match(/property="og:image" content="([^"]+)"/)![1]).pathname;
    const imageOf = (id: string) => `${server.url}${ogPath.replace(surveyId, id)}`;
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "%E2%80%AE"]) {
      const res = await fetch(imageOf(id));
      expect(res.status, id).toBe(404);
      expect(res.headers.get("content-type") ?? "").not.toContain("image/png");
    }
    const first = await fetch(imageOf(surveyId));
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await first.arrayBuffer());
    // A change made behind the app's back (no event): the cached picture is served as it was.
    await withDb({ url: database.url }, (db) => db.execute(sql`update surveys set title = 'Changed behind the cache' where id = ${surveyId}`));
    const cached = Buffer.from(await (await fetch(imageOf(surveyId))).arrayBuffer());
    expect(cached.equals(bytes)).toBe(true);
    // A vote expires it (`vote.created`): the picture is rendered again (new title and counts).
    const [voter] = await createVoters({ url: database.url }, 1);
    const voted = await fetch(`${server.url}/api/vote/${surveyId}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${apiToken(voter.id)}`, "content-type": "application/json" },
      body: JSON.stringify({ vote: "yes" }),
    });
    expect(voted.status).toBe(200);
    let fresh = cached;
    for (let i = 0; i < 20 && fresh.equals(bytes); i++) {
      await new Promise((r) => setTimeout(r, 100));
      fresh = Buffer.from(await (await fetch(imageOf(surveyId))).arrayBuffer());
    }
    expect(fresh.equals(bytes)).toBe(false);
  });
});
