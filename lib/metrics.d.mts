import type { Counter, Gauge, Histogram, Registry } from "prom-client";

export type Metrics = {
  registry: Registry;
  pools: Set<{ totalCount: number; idleCount: number; waitingCount: number }>;
  httpRequests: Counter<"route" | "method" | "status">;
  httpDuration: Histogram<"route" | "method" | "status">;
  pageCache: Counter<"result">;
  votes: Counter<"outcome">;
  signIns: Counter<"outcome">;
  mail: Counter<"outcome">;
  liveViewers: Gauge;
  liveRefused: Counter<"reason">;
  liveReads: Counter;
  mailPending: Gauge;
  dbPool: Gauge<"state">;
};
export function metrics(): Metrics;
