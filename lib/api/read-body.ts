import "server-only";
import type { NextRequest } from "next/server";
import { ApiError } from "./errors";

/**
 * Reads a request body with a hard size limit, counted while streaming, so an oversized body is
 * refused without being buffered whole (a missing or false Content-Length changes nothing).
 */
export async function readBodyBytes(request: Request, maxBytes: number, tooLarge: () => ApiError): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        // The client went away or sent a broken body: its problem, not a server error.
        throw new ApiError("bad_request", "The request body could not be read");
      }
      if (chunk.done) break;
      size += chunk.value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(chunk.value);
    }
  }
  return Buffer.concat(chunks);
}

/** Reads a multipart form within a size limit (see `readBodyBytes`). */
export async function readFormData(request: NextRequest, maxBytes: number, tooLarge: () => ApiError): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    throw new ApiError("unsupported_media_type", "Send the form as multipart/form-data");
  }
  const bytes = await readBodyBytes(request, maxBytes, tooLarge);
  try {
    return await new Response(new Uint8Array(bytes), { headers: { "content-type": type } }).formData();
  } catch {
    throw new ApiError("bad_request", "The form could not be read");
  }
}

/** The bytes of a file field, or null when the field is missing or empty. */
export async function fileField(form: FormData, name: string): Promise<Uint8Array | null> {
  const value = form.get(name);
  if (!value || typeof value === "string" || value.size === 0) return null;
  return new Uint8Array(await value.arrayBuffer());
}
