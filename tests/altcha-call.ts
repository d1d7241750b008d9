// A solved `altcha` payload for route handlers called in-process (tests/http.ts): the challenge comes
// from the real GET /api/altcha/challenge handler and is solved for real (tests/altcha.ts).
import { randomBytes } from "node:crypto";
import type { Challenge } from "altcha-lib";
import { GET as challengeRoute } from "@/app/api/altcha/challenge/route";
import { solveAltcha } from "./altcha";
import { call } from "./http";

export async function solvedAltcha(): Promise<string> {
  const res = await call(challengeRoute, { path: "/api/altcha/challenge", headers: { "x-forwarded-for": `10.250.${randomBytes(1)[0]}.${randomBytes(1)[0]}` } });
  if (res.status !== 200) throw new Error(`GET /api/altcha/challenge answered ${res.status}`);
  return solveAltcha(res.json as unknown as Challenge);
}

/** The challenge itself, unsolved. */
export async function freshChallenge(): Promise<Challenge> {
  const res = await call(challengeRoute, { path: "/api/altcha/challenge", headers: { "x-forwarded-for": `10.251.${randomBytes(1)[0]}.${randomBytes(1)[0]}` } });
  return res.json as unknown as Challenge;
}

/**
 * The options of a `call` with a freshly solved `altcha` added to its JSON body or multipart form,
 * unless it has one: the calls of registration, contact and forgot-password that test something else.
 */
export async function withAltcha<T extends { body?: unknown; rawBody?: BodyInit }>(options: T): Promise<T> {
  if (options.rawBody instanceof FormData) {
    if (!options.rawBody.has("altcha")) options.rawBody.set("altcha", await solvedAltcha());
    return options;
  }
  if (options.body && typeof options.body === "object" && !Array.isArray(options.body) && !("altcha" in options.body)) {
    return { ...options, body: { ...options.body, altcha: await solvedAltcha() } };
  }
  return options;
}
