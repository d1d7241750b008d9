import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { openSealedSecret, sealSecret } from "@/lib/auth/sealed-secret";
import { WEBHOOK_SECRET_BYTES } from "./schema";

// Signing per Standard Webhooks (https://www.standardwebhooks.com, docs/webhooks.md "Verifying"): each
// attempt carries `webhook-id` (the delivery's, the same for every attempt and a redelivery),
// `webhook-timestamp` (the attempt's, in seconds) and `webhook-signature`: `v1,` and the base64
// HMAC-SHA256 of `${id}.${timestamp}.${body}` under the secret's bytes. For 24 hours after a rotation
// the previous secret signs too, space-separated, so a receiver can switch secrets at its own pace.

export const SECRET_PREFIX = "whsec_";
/** How long the secret before a rotation keeps signing. */
export const PREVIOUS_SECRET_HOURS = 24;
/** The HKDF label of the key that seals signing secrets at rest (lib/auth/sealed-secret.ts). */
const SEAL_PURPOSE = "opinex webhook secret v1";

/** A new signing secret: `whsec_` and the base64 of 32 random bytes. */
export const newWebhookSecret = () => SECRET_PREFIX + randomBytes(WEBHOOK_SECRET_BYTES).toString("base64");

/** The secret as stored in webhook_endpoints: encrypted, bound to its endpoint's id. */
export const sealWebhookSecret = (secret: string, endpointId: string) => sealSecret(secret, SEAL_PURPOSE, endpointId);
export const openWebhookSecret = (stored: string, endpointId: string) => openSealedSecret(stored, SEAL_PURPOSE, endpointId);

/** One `v1,<base64>` signature of an attempt. */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** The three headers of one attempt, signed by every secret given (the current one first). */
export function signedHeaders(secrets: string[], id: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": secrets.map((secret) => signature(secret, id, timestamp, body)).join(" "),
  };
}

/** The `webhook-id` of a delivery row: `msg_` and its uuid without dashes. */
export const webhookIdOf = (deliveryId: string) => `msg_${deliveryId.replace(/-/g, "")}`;
