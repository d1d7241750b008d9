// The handler of Next's cache on a server without Redis: Next's own store, which also counts each tag
// revalidation once Next has applied it (the server's kept pages are answered only while the count
// stays the same: server/page-gzip.mjs).
import { afterEach, describe, expect, it, vi } from "vitest";
import { areTagsExpired, areTagsStale } from "next/dist/server/lib/incremental-cache/tags-manifest.external.js";
import { runtime } from "@/lib/runtime.mjs";
import MemoryCacheHandler from "./memory-cache-handler.mjs";

const handler = new MemoryCacheHandler({ maxMemoryCacheSize: 1024 * 1024, flushToDisk: false, revalidatedTags: [] } as never);

afterEach(() => vi.useRealTimers());

describe("Next's in-memory cache handler", () => {
  it("counts each revalidation, and each that expires entries, with Next's tags manifest already holding it", async () => {
    const events = runtime().cacheEvents;
    const before = { ...events };
    const madeAt = Date.now() - 1;
    await handler.revalidateTag(["surveys"], { expire: 0 });
    expect(events).toEqual({ revalidations: before.revalidations + 1, expirations: before.expirations + 1 });
    expect(areTagsExpired(["surveys"], madeAt)).toBe(true);
    await handler.revalidateTag("survey:1", {});
    expect(events).toEqual({ revalidations: before.revalidations + 2, expirations: before.expirations + 1 });
    expect(areTagsStale(["survey:1"], madeAt)).toBe(true);
    expect(areTagsExpired(["survey:1"], madeAt)).toBe(false);
    await handler.revalidateTag("survey:2");
    expect(events).toEqual({ revalidations: before.revalidations + 3, expirations: before.expirations + 2 });
  });

  it("counts a future expiry again when it comes", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    const events = runtime().cacheEvents;
    const before = { ...events };
    await handler.revalidateTag(["later"], { expire: 5 });
    expect(events).toEqual({ revalidations: before.revalidations + 1, expirations: before.expirations });
    expect(areTagsExpired(["later"], Date.now() - 1)).toBe(false);
    vi.advanceTimersByTime(5_000);
    expect(events).toEqual({ revalidations: before.revalidations + 2, expirations: before.expirations + 1 });
  });

  it("stores and reads entries as Next's own handler does", async () => {
    const value = { kind: "FETCH", data: { headers: {}, body: "x", url: "" }, revalidate: 60 };
    await handler.set("entry", value as never, { fetchCache: true, tags: [] } as never);
    const read = await handler.get("entry", { kind: "FETCH", tags: [], softTags: [] } as never);
    expect(read?.value).toMatchObject({ kind: "FETCH", data: { body: "x" } });
  });
});
