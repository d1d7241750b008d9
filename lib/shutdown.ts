// What the server closes after the last request in flight has finished (scripts/start.mjs runs
// them on SIGTERM/SIGINT). A process-wide registry, because Next may load a module in more than
// one bundle of the same process.
const CLOSERS = Symbol.for("opinex.closers");
type Closers = Map<string, () => Promise<void>>;
const globalClosers = globalThis as unknown as { [CLOSERS]?: Closers };

export function onShutdown(name: string, close: () => Promise<void>) {
  (globalClosers[CLOSERS] ??= new Map()).set(name, close);
}
