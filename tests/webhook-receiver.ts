// A webhook receiver for the tests: a real HTTP server on loopback that keeps every request it gets
// and verifies each with the `standardwebhooks` package, as a surveyor's tool would. It can answer
// with failures, hold requests open, or redirect.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export type Received = {
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  /** Every header as it arrived. */
  headers: http.IncomingHttpHeaders;
};

type Answer = { status: number; body?: string; headers?: Record<string, string> };

export type Receiver = {
  /** `http://127.0.0.1:<port>` (or `http://[::1]:<port>` with `host: "::1"`). */
  url: string;
  port: number;
  received: Received[];
  /** The next `n` requests are answered with `answer` (default 500). */
  failNext(n: number, answer?: Answer): void;
  /** Every request is answered with `answer` from now on (null: back to 204). */
  answerAll(answer: Answer | null): void;
  /** Requests are held open, unanswered, until `release()`. */
  hold(): void;
  release(): void;
  /** How many requests are held open right now. */
  held(): number;
  /** The payloads of `path`'s requests, each verified with `secret` (throws on a bad signature). */
  verified(secret: string, path?: string): { id: string; type: string; timestamp: string; data: Record<string, unknown> }[];
  /** Waits until `check` holds for the requests received. */
  waitFor(check: (received: Received[]) => boolean, ms?: number): Promise<void>;
  close(): Promise<void>;
};

export async function startReceiver(options: { host?: string } = {}): Promise<Receiver> {
  const received: Received[] = [];
  let failing: { left: number; answer: Answer } | null = null;
  let always: Answer | null = null;
  let holding = false;
  const parked: http.ServerResponse[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const header = (name: string) => String(request.headers[name] ?? "");
      received.push({
        path: request.url ?? "/",
        id: header("webhook-id"),
        timestamp: header("webhook-timestamp"),
        signature: header("webhook-signature"),
        body: Buffer.concat(chunks).toString("utf8"),
        headers: request.headers,
      });
      if (holding) {
        parked.push(response);
        return;
      }
      let answer: Answer = { status: 204 };
      if (failing && failing.left > 0) {
        failing.left--;
        answer = failing.answer;
      } else if (always) answer = always;
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body);
    });
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    port,
    received,
    failNext(n, answer = { status: 500, body: "receiver down" }) {
      failing = { left: n, answer };
    },
    answerAll(answer) {
      always = answer;
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const response of parked.splice(0)) {
        response.writeHead(204);
        response.end();
      }
    },
    held: () => parked.length,
    verified(secret, path) {
      const hook = new Webhook(secret);
      return received
        .filter((r) => path === undefined || r.path === path)
        .map((r) => {
          const payload = hook.verify(r.body, { "webhook-id": r.id, "webhook-timestamp": r.timestamp, "webhook-signature": r.signature }) as {
            type: string;
            timestamp: string;
            data: Record<string, unknown>;
          };
          return { id: r.id, ...payload };
        });
    },
    async waitFor(check, ms = 15_000) {
      const deadline = Date.now() + ms;
      while (!check(received)) {
        if (Date.now() > deadline) throw new Error(`receiver: not within ${ms} ms (${received.length} requests received)`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      for (const response of parked.splice(0)) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
