// Next's cache functions need the request store Next sets up around a route; vitest calls route
// handlers directly, so these record what was revalidated (tests may assert it) and cache nothing.
export const revalidated: string[] = [];

export function revalidateTag(tag: string) {
  revalidated.push(tag);
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
