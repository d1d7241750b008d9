import type { Counter, Gauge, Histogram, Registry } from "prom-client";

export type Metrics = {
  registry: Registry;
  pools: Set<{ totalCount: number; idleCount: number; waitingCount: number }>;
  threads: Set<import("node:worker_threads").Worker>;
  httpRequests: Counter<"route" | "method" | "status">;
  httpDuration: Histogram<"route" | "method" | "status">;
  pageCache: Counter<"result">;
  votes: Counter<"outcome">;
  signIns: Counter<"outcome">;
  mail: Counter<"outcome">;
  webhooks: Counter<"outcome">;
  liveViewers: Gauge;
  liveRefused: Counter<"reason">;
  liveReads: Counter;
  mailPending: Gauge;
  jobRuns: Counter<"job" | "outcome">;
  jobDuration: Histogram<"job">;
  dbPool: Gauge<"state">;
  workerHeap: Gauge<"kind">;
};
export function metrics(): Metrics;
