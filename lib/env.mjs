// Every environment variable, parsed once with zod: read by the app (through lib/env.ts) and by the
// production server (server/), which runs before Next and without TypeScript, hence plain JavaScript.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: optional.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATA_DIR: optional.transform((v) => path.resolve(v ?? ".data")),
  AUTH_SECRET: optional.pipe(z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional()),
  // Signs the proof-of-work challenges (lib/altcha.ts). Unset: derived from AUTH_SECRET under its own label.
  ALTCHA_HMAC_KEY: optional.pipe(z.string().min(32, "ALTCHA_HMAC_KEY must be at least 32 characters").optional()),
  AUTH_URL: optional.pipe(z.url().optional()),
  // The key of the network hashes kept for the integrity panel (lib/integrity/network-hash.ts); unset: derived
  // from AUTH_SECRET. Changing it starts new hashes that never match the old ones (docs/operations.md).
  NETWORK_HASH_KEY: optional.pipe(z.string().min(32, "NETWORK_HASH_KEY must be at least 32 characters").optional()),
  AUTH_GOOGLE_ID: optional,
  AUTH_GOOGLE_SECRET: optional,
  AUTH_GOOGLE_ISSUER: optional.pipe(z.url().optional()),
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_API_URL: optional.pipe(z.url().optional()),
  CORS_ORIGINS: optional.transform((v) =>
    (v ?? "")
      .split(",")
      .map((o) => o.trim())
      .filter(Boolean),
  ),
  APP_TIME_ZONE: optional.pipe(
    z
      .string()
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat("en", { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, "APP_TIME_ZONE must be an IANA time zone such as UTC or Europe/Paris")
      .optional(),
  ).transform((v) => v ?? "UTC"),
  PORT: optional.pipe(z.string().regex(/^\d+$/, "PORT must be a number").optional()).transform((v) => Number(v ?? 3000)),
  // Running in production (see docs/operations.md): a shared cache, which X-Forwarded-For entries to believe,
  // log verbosity and how long a stopping server lets requests in flight finish.
  REDIS_URL: optional.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  TRUSTED_PROXIES: optional.pipe(
    z
      .string()
      .regex(/^(\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, "TRUSTED_PROXIES must be a hop count (e.g. 1) or a comma list of addresses/CIDRs")
      .optional(),
  ),
  // All sign-in and registration attempts of the whole site per minute, on top of the per-account and
  // per-address limits (a storm from many addresses).
  AUTH_ATTEMPTS_PER_MINUTE: optional
    .pipe(z.string().regex(/^[1-9]\d*$/, "AUTH_ATTEMPTS_PER_MINUTE must be a positive whole number").optional())
    .transform((v) => Number(v ?? 600)),
  // Requests one API key may make to /api/v1 per minute (docs/integrations.md).
  API_KEY_REQUESTS_PER_MINUTE: optional
    .pipe(z.string().regex(/^[1-9]\d*$/, "API_KEY_REQUESTS_PER_MINUTE must be a positive whole number").optional())
    .transform((v) => Number(v ?? 600)),
  LOG_LEVEL: optional.pipe(z.enum(["debug", "info", "warn", "error", "silent"]).optional()).transform((v) => v ?? "info"),
  SHUTDOWN_GRACE_SECONDS: optional
    .pipe(z.string().regex(/^\d+$/, "SHUTDOWN_GRACE_SECONDS must be a whole number of seconds").optional())
    .transform((v) => Number(v ?? 25)),
  // The bearer token a Prometheus scraper sends to GET /api/metrics; unset, the endpoint is 404.
  METRICS_TOKEN: optional.pipe(z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional()),
  // Megabytes the server keeps of cached pages' gzipped versions (server/page-gzip.mjs).
  PRECOMPRESS_CACHE_MB: optional
    .pipe(z.string().regex(/^[1-9]\d*$/, "PRECOMPRESS_CACHE_MB must be a positive whole number").optional())
    .transform((v) => Number(v ?? 64)),
  // Live results streams (GET /api/survey/{id}/live) this server keeps open at once, in all and per
  // client address; past either the call is refused and the page polls instead.
  LIVE_MAX_STREAMS: optional
    .pipe(z.string().regex(/^\d+$/, "LIVE_MAX_STREAMS must be a whole number (0 turns the streams off)").optional())
    .transform((v) => Number(v ?? 2000)),
  LIVE_MAX_STREAMS_PER_CLIENT: optional
    .pipe(z.string().regex(/^[1-9]\d*$/, "LIVE_MAX_STREAMS_PER_CLIENT must be a positive whole number").optional())
    .transform((v) => Number(v ?? 10)),
  // Mail (lib/mail/): any SMTP relay, e.g. smtp://user:pass@smtp.example.com:587 (STARTTLS) or
  // smtps://user:pass@host:465. Unset: no mail is sent (it waits in the outbox) and addresses need no
  // verification to vote.
  SMTP_URL: optional.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: optional.transform((v) => v ?? "OPINEX <no-reply@opinex.localhost>").pipe(
    z.string().refine((v) => !/[\r\n]/.test(v) && /@/.test(v), "MAIL_FROM must be one address such as OPINEX <no-reply@example.com>"),
  ),
  // With mail configured, voting and reporting need a verified address; "false" turns that off.
  REQUIRE_VERIFIED_EMAIL: optional
    .pipe(z.enum(["true", "false"], "REQUIRE_VERIFIED_EMAIL must be true or false").optional())
    .transform((v) => v !== "false"),
  // A second factor (lib/accounts/second-factor.ts) before an admin's or a surveyor's powers: "true" or
  // "false". Admins: default true wherever DATABASE_URL is set (production), false on the embedded
  // database (the demo). Surveyors: default false.
  REQUIRE_ADMIN_SECOND_FACTOR: optional.pipe(z.enum(["true", "false"], "REQUIRE_ADMIN_SECOND_FACTOR must be true or false").optional()),
  REQUIRE_SURVEYOR_SECOND_FACTOR: optional
    .pipe(z.enum(["true", "false"], "REQUIRE_SURVEYOR_SECOND_FACTOR must be true or false").optional())
    .transform((v) => v === "true"),
  // Webhooks (docs/webhooks.md): their URLs must be https, and their hosts must resolve to public
  // addresses only. "true" allows http URLs, and internal addresses (loopback, private, link-local...) for
  // an intranet or tests. Both default false.
  WEBHOOK_ALLOW_HTTP: optional
    .pipe(z.enum(["true", "false"], "WEBHOOK_ALLOW_HTTP must be true or false").optional())
    .transform((v) => v === "true"),
  WEBHOOK_ALLOW_PRIVATE: optional
    .pipe(z.enum(["true", "false"], "WEBHOOK_ALLOW_PRIVATE must be true or false").optional())
    .transform((v) => v === "true"),
});

/** @typedef {Omit<z.infer<typeof envSchema>, "AUTH_SECRET" | "REQUIRE_ADMIN_SECOND_FACTOR"> & { AUTH_SECRET: string, REQUIRE_ADMIN_SECOND_FACTOR: boolean }} Env */

/** @type {Env | undefined} */
let cached;

/** Every environment variable, parsed and validated once. Throws a readable message on bad configuration. */
/** @returns {Env} */
export function getEnv() {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${lines}\nSee .env.example for every variable.`);
  }
  const env = parsed.data;
  let secret = env.AUTH_SECRET;
  if (!secret) {
    if (env.DATABASE_URL) {
      // A shared server database means several app servers: they must agree on one secret.
      throw new Error("AUTH_SECRET is required when DATABASE_URL is set. Generate one with `openssl rand -base64 32`.");
    }
    secret = loadOrCreateLocalSecret(env.DATA_DIR);
  }
  const requireAdminSecondFactor = env.REQUIRE_ADMIN_SECOND_FACTOR ? env.REQUIRE_ADMIN_SECOND_FACTOR === "true" : !!env.DATABASE_URL;
  cached = { ...env, AUTH_SECRET: secret, REQUIRE_ADMIN_SECOND_FACTOR: requireAdminSecondFactor };
  return cached;
}

/** The embedded database's machine gets a generated secret kept beside its data. */
/** @param {string} dataDir */
function loadOrCreateLocalSecret(dataDir) {
  const file = path.join(dataDir, "auth-secret");
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    const secret = randomBytes(32).toString("base64url");
    try {
      fs.writeFileSync(file, secret, { flag: "wx", mode: 0o600 });
      return secret;
    } catch {
      return fs.readFileSync(file, "utf8").trim();
    }
  }
}
