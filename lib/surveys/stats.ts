// A survey's result with its uncertainty: the yes share, its 95 % Wilson score interval and a verdict
// in words. Pure (no server-only import): the routes, the pages, the Open Graph image and the tests
// all use it. The browser never runs it: the server sends `stats` with every figure it shows.

/** The two-sided 95 % normal quantile, qnorm(0.975), as R and Newcombe (1998) use it. */
export const Z_95 = 1.959964;

/** Below this many votes no side is said to lead, whatever the interval. */
export const MIN_VOTES_FOR_VERDICT = 10;

export const VERDICTS = ["Yes leads", "No leads", "Too close to call", "Too few votes to tell"] as const;
export type Verdict = (typeof VERDICTS)[number];

export type ResultStats = {
  /** Votes in all (yes + no). */
  n: number;
  /** yes / n; null when n = 0 (no share can be computed). */
  yesShare: number | null;
  /**
   * The 95 % Wilson score interval of the yes share, within [0, 1]. With n = 0 it is [0, 1]: nothing
   * is known, and it is also the interval's limit as n shrinks to 0.
   */
  low: number;
  high: number;
  verdict: Verdict;
};

/** The Wilson score interval (Wilson 1927; Newcombe 1998, method 3: no continuity correction). */
export function wilsonInterval(yes: number, n: number, z = Z_95): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const p = yes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const halfWidth = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  // At 0 and at n the formula gives 0 and 1 up to rounding error; say them exactly.
  return {
    low: yes === 0 ? 0 : Math.max(0, centre - halfWidth),
    high: yes === n ? 1 : Math.min(1, centre + halfWidth),
  };
}

/**
 * "Yes leads" when the whole interval is above 50 %, "No leads" when it is below, "Too close to call"
 * when it contains 50 % (its ends included), and "Too few votes to tell" below 10 votes.
 */
export function verdictOf(n: number, low: number, high: number): Verdict {
  if (n < MIN_VOTES_FOR_VERDICT) return "Too few votes to tell";
  if (low > 0.5) return "Yes leads";
  if (high < 0.5) return "No leads";
  return "Too close to call";
}

/** The figures of a yes/no result: n, the yes share, its 95 % interval and the verdict. */
export function resultStats(yes: number, no: number): ResultStats {
  if (!Number.isSafeInteger(yes) || !Number.isSafeInteger(no) || yes < 0 || no < 0) {
    throw new RangeError(`Vote counts must be whole numbers from 0: got ${yes} and ${no}`);
  }
  const n = yes + no;
  const { low, high } = wilsonInterval(yes, n);
  return { n, yesShare: n === 0 ? null : yes / n, low, high, verdict: verdictOf(n, low, high) };
}
