import "server-only";
import { createHmac } from "node:crypto";
import { getEnv } from "@/lib/env";

// One vote per mailbox. Each vote keeps a keyed hash (HMAC-SHA-256) of its voter's mailbox, the
// address normalised so that the spellings one inbox receives all give one hash, and the unique
// (survey_id, mailbox_hash) index of votes refuses a second vote from it on a survey. The row stays
// when the account is deleted, so deleting it and registering the same address again (or a `+tag` of
// it) does not give a second vote. Without the key a hash cannot be tested against guessed addresses.
//
// Stored as `<key id>:<hash>`, like the network hashes (lib/integrity/network-hash.ts). The key is derived from
// AUTH_SECRET under its own label: after AUTH_SECRET changes, new hashes stop matching old ones, so a
// mailbox whose account was deleted (or moved to another address) could vote once more on a survey it
// voted on before the change; a live account still has its one vote per account.

const KEY_LABEL = "opinex mailbox hash key v1";
const KEY_ID_LABEL = "opinex mailbox hash key id";
const KEY_ID_LENGTH = 8;
/** Bytes of the HMAC kept: 128 bits, no accidental collisions. */
const HASH_BYTES = 16;

/** Providers whose mailboxes ignore dots in the local part; googlemail.com is gmail.com. */
const DOTLESS_DOMAINS: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

let derived: { secret: string; key: Buffer; id: string } | undefined;

function hashKey() {
  const secret = getEnv().AUTH_SECRET;
  if (derived?.secret !== secret) {
    const key = createHmac("sha256", secret).update(KEY_LABEL).digest();
    const id = createHmac("sha256", key).update(KEY_ID_LABEL).digest("hex").slice(0, KEY_ID_LENGTH);
    derived = { secret, key, id };
  }
  return derived;
}

/**
 * The mailbox an address delivers to: lower case, the `+tag` cut from the local part, and for Gmail
 * (gmail.com and googlemail.com, both as gmail.com) the dots of the local part removed. So
 * `Jane.Doe+polls@GoogleMail.com` and `janedoe@gmail.com` are one mailbox. A local part that would be
 * left empty keeps its tag.
 */
export function normaliseMailbox(address: string): string {
  const text = address.trim().normalize("NFC").toLowerCase();
  const at = text.lastIndexOf("@");
  if (at <= 0) return text;
  let local = text.slice(0, at);
  let domain = text.slice(at + 1).replace(/\.$/, "");
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    domain = dotless;
    local = local.replace(/\./g, "") || local;
  }
  return `${local}@${domain}`;
}

/** The stored form of an address's mailbox (`<key id>:<hash>`), kept with each vote. */
export function mailboxHash(address: string): string {
  const { key, id } = hashKey();
  return `${id}:${createHmac("sha256", key).update(normaliseMailbox(address)).digest().subarray(0, HASH_BYTES).toString("base64url")}`;
}
