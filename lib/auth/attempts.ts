import "server-only";

// The attempt ledger became the ledger of every limit: lib/limits/apply.ts (the limits themselves are
// named in lib/limits/table.ts). The housekeeping's name for its purge stays.
export { purgeOldHits as purgeOldAttempts } from "@/lib/limits/apply";
