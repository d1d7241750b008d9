export const BURST_MIN_VOTES: number;
export const BURST_FACTOR: number;
export const SHARED_NETWORK_MIN_SIGNUPS: number;
export const BURSTS_SHOWN: number;
export const INTEGRITY_SQL: string;
export const INTEGRITY_RECOUNT_SQL: string;
