import { ERROR_STATUS } from "@/lib/api/errors";
import { LIMITS, limitNames, type LimitRow } from "./table";

// The table of limits as docs/security.md shows it, made from lib/limits/table.ts so the page cannot
// drift from the code: lib/limits/table.test.ts fails (and prints this) when they differ.

const PER: Record<LimitRow["key"], string> = {
  account: "account",
  address: "address typed",
  client: "client (`clientKey`)",
  site: "whole site",
  server: "app server",
  person: "person",
  apiKey: "API key",
};

const WHERE: Record<LimitRow["store"], string> = {
  limit_hits: "`limit_hits`",
  contact_messages: "the messages",
  email_tokens: "the mailed tokens",
  memory: "memory",
  webhook_endpoints: "the endpoints",
  api_key_windows: "`api_key_windows`",
};

const minutes = (n: number) => (n % 60 === 0 ? `${n / 60} h` : `${n} min`);

function over(row: LimitRow): string {
  if ("windowMinutes" in row) return minutes(row.windowMinutes);
  return "queue" in row && row.queue ? `at once (${row.queue.length} more wait up to ${row.queue.waitMs / 1000} s)` : "at once";
}

function max(row: LimitRow): string {
  return row.maxText ?? String(typeof row.max === "number" ? row.max : "");
}

export function limitsMarkdown(): string {
  const lines = [
    "| limit | one hit is | counted per | max | over | counted in | past it (`Retry-After`) |",
    "|---|---|---|---|---|---|---|",
  ];
  for (const name of limitNames) {
    const row: LimitRow = LIMITS[name];
    const refusal = `${ERROR_STATUS[row.refusal.code]} (${row.refusal.retryAfterSeconds} s): "${row.refusal.message}"`;
    lines.push(`| \`${name}\` | ${row.counts} | ${PER[row.key]} | ${max(row)} | ${over(row)} | ${WHERE[row.store]} | ${refusal} |`);
  }
  return lines.join("\n");
}
