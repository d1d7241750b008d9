// One attempt's HTTP request, against receivers on loopback: it connects to the address the check
// resolved and no other (a second lookup, as a DNS rebinding would answer, is never made), and a name
// with one internal address among public ones is refused before any connection.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postWebhook } from "./send";

const intranet = { allowHttp: true, allowPrivate: true };
const strict = { allowHttp: true, allowPrivate: false };
let server: http.Server;
let port: number;
const hosts: string[] = [];

beforeAll(async () => {
  // Listens on 127.0.0.2 only: reachable through the pinned address, never through `localhost`'s own.
  server = http.createServer((request, response) => {
    hosts.push(request.headers.host ?? "");
    request.resume();
    request.on("end", () => response.writeHead(200).end("ok"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.2", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("an attempt's connection", () => {
  it("goes to the address the check resolved, with the URL's host name; the resolver is asked once", async () => {
    const asked: string[] = [];
    const resolve = async (host: string) => {
      asked.push(host);
      return asked.length === 1 ? [{ address: "127.0.0.2", family: 4 }] : [{ address: "127.0.0.1", family: 4 }];
    };
    const outcome = await postWebhook(`http://localhost:${port}/hook`, {}, "{}", { policy: intranet, resolve });
    expect(outcome).toEqual({ ok: true, status: 200, error: null });
    expect(asked).toEqual(["localhost"]);
    expect(hosts).toEqual([`localhost:${port}`]);
  });

  it("refuses a name with one internal address among public ones, before connecting", async () => {
    hosts.length = 0;
    const resolve = async () => [
      { address: "93.184.215.14", family: 4 },
      { address: "127.0.0.2", family: 4 },
    ];
    const outcome = await postWebhook(`http://hooks.example.com:${port}/hook`, {}, "{}", { policy: strict, resolve });
    expect(outcome).toEqual({ ok: false, status: null, error: "Refused: hooks.example.com resolves to 127.0.0.2 is an internal address (loopback)" });
    const metadata = await postWebhook(`http://hooks.example.com:${port}/hook`, {}, "{}", { policy: strict, resolve: async () => [{ address: "169.254.169.254", family: 4 }] });
    expect(metadata.error).toBe("Refused: hooks.example.com resolves to 169.254.169.254 is an internal address (linkLocal)");
    expect(hosts).toEqual([]);
  });
});
