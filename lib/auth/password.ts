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

export const BUSY_MESSAGE = "Too many sign-ins right now. Please try again in a moment.";
export class HashQueueFull extends ApiError {
  constructor() {
    super("service_unavailable", BUSY_MESSAGE);
  }
}

let running = 0;
const waiting: { resolve: () => void; timer: NodeJS.Timeout }[] = [];

async function acquire(): Promise<void> {
  if (running < HASH_CONCURRENCY) {
    running++;
    return;
  }
  if (waiting.length >= HASH_QUEUE_LENGTH) throw new HashQueueFull();
  await new Promise<void>((resolve, reject) => {
    const entry = {
      resolve,
      timer: setTimeout(() => {
        waiting.splice(waiting.indexOf(entry), 1);
        reject(new HashQueueFull());
      }, HASH_QUEUE_WAIT_MS),
    };
    waiting.push(entry);
  });
}

function release() {
  const next = waiting.shift();
  if (next) {
    clearTimeout(next.timer);
    next.resolve(); // the slot passes to the next in line
  } else running--;
}

/** Runs a password hash within the bound; throws HashQueueFull (503) when the queue is full or too slow. */
export async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  await acquire();
  try {
    return await work();
  } finally {
    release();
  }
}

/** Whether a new hash would be refused now (the queue is full): the sign-in route answers 503 at once. */
export const hashQueueFull = () => running >= HASH_CONCURRENCY && waiting.length >= HASH_QUEUE_LENGTH;

/** How many hashes run and wait now (for tests and the storm script's figures). */
export const hashQueueState = () => ({ running, waiting: waiting.length });

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
