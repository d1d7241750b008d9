import "server-only";
import type { NextRequest } from "next/server";
import { ApiError } from "./errors";

/**
 * Reads a multipart form with a hard size limit, counted while streaming, so an oversized upload is
 * refused without being buffered whole (a missing or false Content-Length changes nothing).
 */
export async function readFormData(request: NextRequest, maxBytes: number, tooLarge: () => ApiError): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    throw new ApiError("bad_request", "Send the form as multipart/form-data");
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  try {
    return await new Response(Buffer.concat(chunks), { headers: { "content-type": type } }).formData();
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
