// When a failed webhook delivery is tried again, and when an endpoint is given up on
// (docs/webhooks.md "Retries"): the delivery job (./delivery.ts) follows it, the API reference says it.

/** Seconds before attempt `n + 1` after `n` failed ones (before ±10 % jitter): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h. */
export const RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600] as const;
/** Attempts of one delivery before it is given up: the first and six retries, over about 17.6 hours. */
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
/** Deliveries given up in a row (no success between them) that turn an endpoint off. */
export const DISABLE_AFTER_FAILED_DELIVERIES = 5;

/** The schedule in words, for the reference. */
export const RETRY_TEXT = `A delivery not answered with a 2xx within 10 seconds is tried again after 5 s, 5 min, 30 min, 2 h, 5 h and 10 h (±10 %), then given up (${MAX_ATTEMPTS} attempts over about 17.6 hours); after ${DISABLE_AFTER_FAILED_DELIVERIES} deliveries given up in a row the endpoint is turned off and its owner mailed.`;
