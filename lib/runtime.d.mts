/** Tag revalidations Next's cache applied: all of them, and those that expired entries. */
export type CacheEvents = { revalidations: number; expirations: number };
export type Runtime = {
  server: string | null;
  stopping: boolean;
  stoppers: Map<string, () => void>;
  closers: Map<string, () => Promise<void>>;
  logged: Set<string>;
  cacheEvents: CacheEvents;
};
export function runtime(): Runtime;
export function onShutdown(name: string, close: () => Promise<void>): void;
export function onStopping(name: string, stop: () => void): void;
