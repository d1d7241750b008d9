// A deleted account keeps its row (its votes still count) with a placeholder for its email: not
// personal, unique, and never deliverable (.invalid, RFC 2606). Pure: pages use it to show the
// placeholder as what it means.
const DOMAIN = "@deleted.invalid";

/**
 * What a deleted account's email becomes. No account can be given an address under `.invalid`
 * (lib/accounts/auth-schema.ts); `unique` makes another one should a row from before that rule hold it.
 */
export const deletedEmailOf = (userId: string, unique?: string) => `deleted-${userId}${unique ? `.${unique}` : ""}${DOMAIN}`;

/** An account's email as a page shows it: "Deleted account" for a deleted one. */
export const emailShown = (email: string) => (email.endsWith(DOMAIN) ? "Deleted account" : email);
