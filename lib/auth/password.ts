import { availableParallelism } from "node:os";
import { scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { hash as argon2Hash, verify as argon2Verify } from "@node-rs/argon2";
import { ApiError } from "@/lib/api/errors";

// New hashes: argon2id at OWASP's first recommendation (m = 19 MiB, t = 2, p = 1), through
// @node-rs/argon2 (a maintained Rust binding with prebuilt binaries, no compiler needed). A hash costs
// about 40 ms and 19 MiB here, where the previous scrypt (N = 2^17, r = 8) cost a second and 128 MiB.
// The parameters are stored in the PHC string, so they can be raised later.
const ARGON2 = { algorithm: 2 /* Algorithm.Argon2id (a const enum) */, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

// ---------------------------------------------------------------------------------------------------
// At most HASH_CONCURRENCY hashes run at once, a few more wait briefly, the rest are refused (503).
// Both argon2 (napi async work) and scrypt run on libuv's thread pool (4 threads by default), which
// also reads files and compresses, and each hash keeps a CPU core busy: half the cores at most (one on
// a two-core machine) leaves threads and CPU for the requests that do not hash.
export const HASH_CONCURRENCY = Math.max(1, Math.floor(availableParallelism() / 2));
export const HASH_QUEUE_LENGTH = 16;
export const HASH_QUEUE_WAIT_MS = 2_000;

// Password resets hash in a lane of their own, inside the same bound: at most one reset hash runs at
// a time, at most RESET_QUEUE_LENGTH wait (never in the sign-in line), and a free slot goes to a
// waiting sign-in first. So however many reset requests arrive (each needs a real mailed token, and
// forged ones are refused before hashing), a sign-in waits for at most one reset hash, never for a
// full line of them; the surplus resets get 503 instead. A separate pool beside the sign-in one would
// do the same for sign-in but break the "half the cores" bound.
export const RESET_QUEUE_LENGTH = 4;

export const BUSY_MESSAGE = "Too many sign-ins right now. Please try again in a moment.";
export const RESET_BUSY_MESSAGE = "Too many password resets right now. Please try again in a moment.";
export class HashQueueFull extends ApiError {
  constructor(message = BUSY_MESSAGE) {
    super("service_unavailable", message);
  }
}

type Lane = "sign-in" | "reset";
type Waiter = { resolve: () => void; timer: NodeJS.Timeout };
const LANES: Record<Lane, { maxRunning: number; queueLength: number; busy: string }> = {
  "sign-in": { maxRunning: HASH_CONCURRENCY, queueLength: HASH_QUEUE_LENGTH, busy: BUSY_MESSAGE },
  reset: { maxRunning: 1, queueLength: RESET_QUEUE_LENGTH, busy: RESET_BUSY_MESSAGE },
};
let running = 0;
const runningIn: Record<Lane, number> = { "sign-in": 0, reset: 0 };
const waiting: Record<Lane, Waiter[]> = { "sign-in": [], reset: [] };

/** Whether a hash of this lane may start now: a free slot, room in its lane, and (a reset) no sign-in waiting. */
const mayStart = (lane: Lane) =>
  running < HASH_CONCURRENCY && runningIn[lane] < LANES[lane].maxRunning && (lane === "sign-in" || waiting["sign-in"].length === 0);

function start(lane: Lane) {
  running++;
  runningIn[lane]++;
}

async function acquire(lane: Lane): Promise<void> {
  if (mayStart(lane) && waiting[lane].length === 0) return start(lane);
  if (waiting[lane].length >= LANES[lane].queueLength) throw new HashQueueFull(LANES[lane].busy);
  await new Promise<void>((resolve, reject) => {
    const entry: Waiter = {
      resolve,
      timer: setTimeout(() => {
        waiting[lane].splice(waiting[lane].indexOf(entry), 1);
        reject(new HashQueueFull(LANES[lane].busy));
      }, HASH_QUEUE_WAIT_MS),
    };
    waiting[lane].push(entry);
  });
}

/** Frees a slot and hands it on: sign-ins waiting first, then a reset. */
function release(lane: Lane) {
  running--;
  runningIn[lane]--;
  for (const next of ["sign-in", "reset"] as const) {
    while (waiting[next].length > 0 && mayStart(next)) {
      const waiter = waiting[next].shift()!;
      clearTimeout(waiter.timer);
      start(next);
      waiter.resolve();
    }
  }
}

async function inLane<T>(lane: Lane, work: () => Promise<T>): Promise<T> {
  await acquire(lane);
  try {
    return await work();
  } finally {
    release(lane);
  }
}

/** Runs a password hash within the bound; throws HashQueueFull (503) when the queue is full or too slow. */
export const withHashSlot = <T>(work: () => Promise<T>): Promise<T> => inLane("sign-in", work);

/** Whether a new hash would be refused now (the queue is full): the sign-in route answers 503 at once. */
export const hashQueueFull = () => running >= HASH_CONCURRENCY && waiting["sign-in"].length >= HASH_QUEUE_LENGTH;

/** How many hashes run (both lanes) and wait in the sign-in line now (for tests and the storm script's figures). */
export const hashQueueState = () => ({ running, waiting: waiting["sign-in"].length });

/** The reset lane: its hashes running and waiting. */
export const resetQueueState = () => ({ running: runningIn.reset, waiting: waiting.reset.length });

// ---------------------------------------------------------------------------------------------------

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

const maxmem = (n: number, blockSize: number) => 256 * n * blockSize;

export async function hashPassword(password: string): Promise<string> {
  return withHashSlot(() => argon2Hash(password, ARGON2));
}

/** A new password's hash for a reset link, in the reset lane (503 with its own message when full). */
export async function hashResetPassword(password: string): Promise<string> {
  return inLane("reset", () => argon2Hash(password, ARGON2));
}

/** True for a hash made with older or weaker parameters (scrypt, or argon2 with other settings). */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(`$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith("$argon2")) {
    return withHashSlot(() => argon2Verify(stored, password).catch(() => false));
  }
  // Hashes from before argon2: scrypt$N$r$p$salt$key (upgraded at the next successful sign-in).
  const [scheme, nText, rText, pText, saltText, keyText] = stored.split("$");
  if (scheme !== "scrypt" || !keyText) return false;
  const [n, blockSize, parallel] = [Number(nText), Number(rText), Number(pText)];
  const expected = Buffer.from(keyText, "base64");
  const key = await withHashSlot(() =>
    scrypt(password, Buffer.from(saltText, "base64"), expected.length, { N: n, r: blockSize, p: parallel, maxmem: maxmem(n, blockSize) }),
  );
  return timingSafeEqual(key, expected);
}
