export type Runtime = {
  server: string | null;
  stopping: boolean;
  closers: Map<string, () => Promise<void>>;
  logged: Set<string>;
};
export function runtime(): Runtime;
export function onShutdown(name: string, close: () => Promise<void>): void;
