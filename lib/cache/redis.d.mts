import type { RedisClientType } from "@redis/client";
export function getRedis(): RedisClientType | null;
export const CACHE_PREFIX: string;
export function pingRedis(): Promise<"ok" | "not configured">;
export function closeRedis(): Promise<void>;
