import "server-only";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { ApiError } from "@/lib/api/errors";
import { getDb, type Db, type Tx } from "@/lib/db";
import { KeyGate, ServerGate } from "@/lib/limits/gate";
import { avatars } from "@/models";

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Decoded pixels are what cost memory (a 46 KB PNG can say 40,000 × 1,200): a picture is refused by the
 * dimensions in its header, read without decoding, above 25 megapixels (a 6000 × 4000 photo fits).
 */
export const AVATAR_MAX_PIXELS = 25_000_000;
// Stored pictures are small squares: enough for a 2x-density avatar, a few kB each.
const AVATAR_SIZE = 256;
const AVATAR_PATH = "/api/avatars/";

type ImageType = "image/png" | "image/jpeg" | "image/webp" | "image/gif";

/** The image type by its magic bytes; the file name and the browser's content type are not trusted. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return "image/gif";
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) {
    return "image/webp";
  }
  return null;
}

export const notAnImage = () => new ApiError("unprocessable", "The picture must be a PNG, JPEG, WebP or GIF image");
export const imageTooLarge = () => new ApiError("payload_too_large", "The picture must be at most 5 MB");
const TOO_MANY_PIXELS = "The picture must be at most 25 megapixels (for example 5000 × 5000)";
export const tooManyPixels = () => new ApiError("bad_request", TOO_MANY_PIXELS, [{ path: "image", message: TOO_MANY_PIXELS }]);

// ---------------------------------------------------------------------------------------------------
// Decoding and resizing take CPU and tens of MB each: a few run on this server at once, a few more wait
// briefly, the rest are refused (503, `pictures.server`); one owner (an account, or a network
// registering) has at most one picture in work, a second is refused (429, `pictures.person`).
const server = new ServerGate("pictures.server");
const owners = new KeyGate("pictures.person");

/** Runs one owner's picture work within both bounds. */
async function withPictureSlot<T>(owner: string, work: () => Promise<T>): Promise<T> {
  owners.acquire(owner);
  try {
    await server.acquire();
    try {
      return await work();
    } finally {
      server.release();
    }
  } finally {
    owners.release(owner);
  }
}

/** How many pictures are in work and waiting now (tests). */
export const pictureQueueState = () => ({ ...server.state(), owners: owners.size });

// ---------------------------------------------------------------------------------------------------

/**
 * Checks an uploaded picture by its bytes and re-encodes it as a small square WebP. Re-encoding drops
 * metadata (location, camera) and anything appended to the image (polyglot files). The size in pixels
 * is checked from the header first (sharp's `metadata()` decodes no pixel); `owner` (a user id, or the
 * registering client's network) bounds the work per person.
 */
export async function processAvatar(bytes: Uint8Array, owner: string): Promise<{ bytes: Buffer; contentType: "image/webp" }> {
  if (bytes.byteLength > AVATAR_MAX_BYTES) throw imageTooLarge();
  if (!sniffImageType(bytes)) throw notAnImage();
  // The owner's slot is taken before the header is read, in the same tick as the call: a second picture
  // of the same owner sent at once is refused, however soon the first one's work ends.
  return withPictureSlot(owner, async () => {
    const { width, height } = await sharp(bytes).metadata().catch(() => ({ width: undefined, height: undefined }));
    if (!width || !height) throw notAnImage();
    if (width * height > AVATAR_MAX_PIXELS) throw tooManyPixels();
    try {
      const output = await sharp(bytes, { limitInputPixels: AVATAR_MAX_PIXELS, animated: false })
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "attention" })
        .webp({ quality: 82 })
        .toBuffer();
      return { bytes: output, contentType: "image/webp" as const };
    } catch {
      // Right magic bytes, broken body.
      throw notAnImage();
    }
  });
}

/** Stores a processed picture and answers the path it is served from. */
export async function storeAvatar(picture: { bytes: Buffer; contentType: string }, db?: Db | Tx): Promise<string> {
  const client = db ?? (await getDb());
  const [row] = await client.insert(avatars).values(picture).returning({ id: avatars.id });
  return `${AVATAR_PATH}${row.id}`;
}

export async function getAvatar(id: string) {
  const db = await getDb();
  const [row] = await db
    .select({ bytes: avatars.bytes, contentType: avatars.contentType })
    .from(avatars)
    .where(eq(avatars.id, id));
  return row ?? null;
}

/** The avatar id behind one of our picture paths, or null for any other address (e.g. a Google picture). */
export function avatarIdOf(image: string | null | undefined): string | null {
  if (!image?.startsWith(AVATAR_PATH)) return null;
  const id = image.slice(AVATAR_PATH.length);
  return /^[0-9a-f-]{36}$/i.test(id) ? id : null;
}

export async function deleteAvatar(id: string, db: Db | Tx) {
  await db.delete(avatars).where(eq(avatars.id, id));
}
