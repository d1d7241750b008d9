import { apiToken } from "./api-token.mjs";

/**
 * Votes of distinct voters through the API, 50 in flight at a time, spread over `surveys`, until the
 * voters run out or `until` (a `performance.now()` time) passes. With `bases`, the requests go to
 * those servers in turn instead of `base`.
 */
export async function castVotes({ base, bases = [base], secret, voters, surveys, until = Infinity }) {
  let next = 0;
  let accepted = 0;
  let refused = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (performance.now() < until && next < voters.length) {
        const i = next++;
        const res = await fetch(`${bases[i % bases.length]}/api/vote/${surveys[i % surveys.length]}`, {
          method: "PUT",
          headers: { authorization: `Bearer ${apiToken(secret, voters[i])}`, "content-type": "application/json" },
          body: JSON.stringify({ vote: i % 3 ? "yes" : "no" }),
        });
        await res.arrayBuffer();
        if (res.ok) accepted++;
        else refused++;
      }
    }),
  );
  return { accepted, refused, seconds: (performance.now() - started) / 1000, exhausted: next >= voters.length };
}
