// The proof-of-work the registration, contact and forgot-password calls need, solved for real with
// altcha-lib's solver (as the widget does in a browser): tests pay for it like any client. No bypass.
import { randomBytes } from "node:crypto";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

/** The `altcha` payload for a challenge: base64 of `{ challenge, solution }`, the solution found by search. */
export async function solveAltcha(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error("The ALTCHA challenge was not solved within 30 seconds");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/**
 * A fresh, solved payload from a running server. The challenge is fetched from an address of its own
 * (the challenge route limits each address to 60 a minute; the suites fetch many).
 */
export async function altchaFrom(baseUrl: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(new URL("/api/altcha/challenge", baseUrl), {
    headers: { "x-forwarded-for": `2001:db8:a1c:${randomBytes(2).toString("hex")}::${randomBytes(2).toString("hex")}`, ...headers },
  });
  if (response.status !== 200) throw new Error(`GET /api/altcha/challenge answered ${response.status}: ${await response.text()}`);
  return solveAltcha((await response.json()) as Challenge);
}
