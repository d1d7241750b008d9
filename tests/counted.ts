// Counting the calls of a module's function without changing what it does, for `vi.mock` factories
// (which run before the file's imports, so they load this with `await import`).

/** `actual` with `name` wrapped: `onCall` runs before each call, which then passes through unchanged. */
export function counted<M extends Record<string, unknown>, K extends keyof M>(actual: M, name: K, onCall: () => void): M {
  const original = actual[name] as (...args: unknown[]) => unknown;
  return {
    ...actual,
    [name]: (...args: unknown[]) => {
      onCall();
      return original(...args);
    },
  };
}
