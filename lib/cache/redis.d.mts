import type { RedisClientType } from "@redis/client";
export function getRedis(): RedisClientType | null;
export const CACHE_PREFIX: string;
export function pingRedis(): Promise<"ok" | "not configured">;
export function reconnectDelay(retries: number): number;
export function redisState(): { state: "not configured" | "connecting" | "ok" | "unavailable"; since?: number; failures?: number; lastError?: string | null };
export function closeRedis(): Promise<void>;
