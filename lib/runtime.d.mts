export type Runtime = {
  server: string | null;
  stopping: boolean;
  stoppers: Map<string, () => void>;
  closers: Map<string, () => Promise<void>>;
  logged: Set<string>;
  revalidations: number;
};
export function runtime(): Runtime;
export function onShutdown(name: string, close: () => Promise<void>): void;
export function onStopping(name: string, stop: () => void): void;
