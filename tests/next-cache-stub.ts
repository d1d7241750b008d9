// Next's cache functions need the request store Next sets up around a route; vitest calls route
// handlers directly, so these record what was revalidated (tests may assert it) and cache nothing.
export const revalidated: string[] = [];
/** Each revalidateTag call with its profile ("max": stale-while-revalidate; { expire: 0 }: at once). */
export const revalidations: { tag: string; profile: unknown }[] = [];

export function revalidateTag(tag: string, profile?: unknown) {
  revalidated.push(tag);
  revalidations.push({ tag, profile });
}
export function revalidatePath(path: string) {
  revalidated.push(`path:${path}`);
}
export const updateTag = revalidateTag;
export function unstable_cache<T extends (...args: never[]) => unknown>(fn: T): T {
  return fn;
}
export function cacheTag() {}
export function cacheLife() {}
export function unstable_noStore() {}
