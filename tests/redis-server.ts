// A redis-server of a test's own on a port of its own (`hasRedis`: whether this machine has one; tests
// that need it are skipped otherwise), and waiting for what Redis brings about.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";

export const hasRedis = spawnSync("redis-server", ["--version"]).status === 0;

/** Starts redis-server on `port` (no persistence, loopback only) and waits until it answers PING. */
export async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn("redis-server", ["--port", String(port), "--save", "", "--appendonly", "no", "--bind", "127.0.0.1"], { stdio: "ignore" });
  for (let i = 0; i < 50; i++) {
    if (spawnSync("redis-cli", ["-p", String(port), "ping"]).stdout?.toString().includes("PONG")) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}

/** Resolves once `check()` holds, polling every 20 ms; throws after `ms`. */
export async function until(check: () => boolean, ms = 5000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
