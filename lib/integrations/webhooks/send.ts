import "server-only";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { resolveDestination, RefusedDestination, type AddressPolicy, type Resolver } from "./address";

// One attempt of one delivery: a POST to the endpoint, to the address ./address.ts checked (the
// connection's lookup answers that address and no other, so a DNS change after the check cannot reach
// an internal one; TLS still verifies the certificate against the URL's host name). No redirect is
// followed (a 3xx is a failure, recorded), the whole attempt ends after 10 seconds, and at most 64 KB
// of the answer is read.

export const TIMEOUT_MS = 10_000;
/** How much of a receiver's answer is read; the rest is dropped with the connection. */
export const MAX_ANSWER_BYTES = 64 * 1024;
/** How much of it the delivery list keeps (`last_error`). */
const KEPT_ANSWER_CHARS = 1000;
const USER_AGENT = "OPINEX-Webhooks/1.0 (+https://www.standardwebhooks.com)";

export type AttemptOutcome = {
  ok: boolean;
  /** The receiver's status, if it answered. */
  status: number | null;
  /** Why it failed, with the start of the answer; null when it succeeded. */
  error: string | null;
};

/** A lookup that answers the checked address whatever it is asked (Node's `lookup` option of a request). */
function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

const kept = (text: string) => (text.length > KEPT_ANSWER_CHARS ? `${text.slice(0, KEPT_ANSWER_CHARS)}…` : text);

/** POSTs `body` with `headers` to `url`, under the rules above. Never throws: the outcome says what happened. */
export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { policy?: AddressPolicy; resolve?: Resolver } = {},
): Promise<AttemptOutcome> {
  let destination;
  try {
    destination = await resolveDestination(url, options.policy, options.resolve);
  } catch (error) {
    if (error instanceof RefusedDestination) return { ok: false, status: null, error: `Refused: ${error.message}` };
    throw error;
  }
  const { url: target, address, family } = destination;
  const client = target.protocol === "https:" ? https : http;
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(outcome);
    };
    const request = client.request(
      target,
      {
        method: "POST",
        // A fresh connection per attempt: a pooled one could outlive the address check it was made under.
        agent: false,
        lookup: pinnedLookup(address, family),
        headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(body), "user-agent": USER_AGENT },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const answer = Buffer.concat(chunks).toString("utf8").trim();
          const ok = status >= 200 && status < 300;
          const redirect = status >= 300 && status < 400 ? ` (redirects are not followed: ${response.headers.location ?? "no Location"})` : "";
          finish({ ok, status, error: ok ? null : kept(`HTTP ${status}${redirect}${answer ? `: ${answer}` : ""}`) });
        };
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
          else {
            chunks.push(chunk.subarray(0, chunk.length - (size - MAX_ANSWER_BYTES)));
            done();
          }
        });
        response.on("end", done);
        response.on("error", done);
      },
    );
    const timer = setTimeout(() => finish({ ok: false, status: null, error: `No answer within ${TIMEOUT_MS / 1000} s` }), TIMEOUT_MS);
    request.on("error", (error: NodeJS.ErrnoException) => finish({ ok: false, status: null, error: kept(`${error.code ?? "Error"}: ${error.message}`) }));
    request.end(body);
  });
}
