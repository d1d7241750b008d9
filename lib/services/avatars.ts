import "server-only";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { ApiError } from "@/lib/api/errors";
import { getDb, type Db, type Tx } from "@/lib/db";
import { avatars } from "@/models";

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
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

/**
 * Checks an uploaded picture by its bytes and re-encodes it as a small square WebP. Re-encoding drops
 * metadata (location, camera) and anything appended to the image (polyglot files).
 */
export async function processAvatar(bytes: Uint8Array): Promise<{ bytes: Buffer; contentType: "image/webp" }> {
  if (bytes.byteLength > AVATAR_MAX_BYTES) throw imageTooLarge();
  if (!sniffImageType(bytes)) throw notAnImage();
  try {
    const output = await sharp(bytes, { limitInputPixels: 50_000_000, animated: false })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer();
    return { bytes: output, contentType: "image/webp" };
  } catch {
    // Right magic bytes, broken body.
    throw notAnImage();
  }
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
