import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";

// OWASP's scrypt minimum: N = 2^17, r = 8, p = 1. The parameters are stored with each hash so
// they can be raised later without invalidating existing passwords.
const N = 2 ** 17;
const r = 8;
const p = 1;
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

const maxmem = (n: number, blockSize: number) => 256 * n * blockSize;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: maxmem(N, r) });
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, nText, rText, pText, saltText, keyText] = stored.split("$");
  if (scheme !== "scrypt" || !keyText) return false;
  const [n, blockSize, parallel] = [Number(nText), Number(rText), Number(pText)];
  const expected = Buffer.from(keyText, "base64");
  const key = await scrypt(password, Buffer.from(saltText, "base64"), expected.length, {
    N: n,
    r: blockSize,
    p: parallel,
    maxmem: maxmem(n, blockSize),
  });
  return timingSafeEqual(key, expected);
}
