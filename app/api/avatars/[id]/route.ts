// GET /api/avatars/{id}: a stored profile picture; its id never changes content, so it caches for a year
import { NextResponse } from "next/server";
import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { getAvatar } from "@/lib/accounts/avatars";
import { avatarIdParamsSchema } from "@/lib/accounts/auth-schema";

export const GET = route({
  auth: "public",
  params: avatarIdParamsSchema,
  doc: {
    tag: "Account",
    summary: "A profile picture",
    description: "A stored picture. Its id never changes content, so it is cached for a year.",
    answers: [{ status: 200, description: "The picture", media: [{ type: "image/*", schema: { type: "string", contentMediaType: "image/*" } }] }],
  },
  handler: async ({ params }) => {
    const avatar = await getAvatar(params.id);
    if (!avatar) throw notFound("No such picture");
    return new NextResponse(new Uint8Array(avatar.bytes), {
      headers: {
        "Content-Type": avatar.contentType,
        "Content-Length": String(avatar.bytes.byteLength),
        "Cache-Control": "public, max-age=31536000, immutable",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
});
