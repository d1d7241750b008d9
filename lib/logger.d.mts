import type { Logger } from "pino";
export type LogLevel = "debug" | "info" | "warn" | "error";
export const LOG_LEVELS: readonly (LogLevel | "silent")[];
export function configuredLevel(): LogLevel | "silent";
export function createLogger(): Logger;
export function formatLogLine(level: LogLevel, msg: string, fields?: Record<string, unknown>): string;
