// POST /api/upload: replace the caller's profile picture (field `image`); answers { data: { display_url } }
import { uploadedPictureSchema } from "@/lib/api/contract";
import { ApiError } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { fileField } from "@/lib/api/read-body";
import { answer } from "@/lib/api/route-doc";
import { getEnv } from "@/lib/env";
import { AVATAR_MAX_BYTES, imageTooLarge } from "@/lib/accounts/avatars";
import { changeUserPicture } from "@/lib/accounts/users";
import { IMAGE_REQUIRED } from "@/lib/accounts/auth-schema";

export const POST = route({
  auth: "signed-in",
  form: { maxBytes: AVATAR_MAX_BYTES + 16 * 1024, tooLarge: imageTooLarge },
  doc: {
    tag: "Account",
    summary: "Replace my picture",
    description:
      "Replaces the caller's profile picture (a PNG, JPEG, WebP or GIF image of at most 5 MB and 25 megapixels: more pixels is 400 on `image`, refused from the header before decoding). One picture per person at a time (429) and a few per server (503), each with `Retry-After`.",
    files: { image: "The new picture" },
    answers: [answer("The picture's address", uploadedPictureSchema)],
    errors: [422, 429, 503],
  },
  handler: async ({ request, user, form }) => {
    const image = await fileField(form, "image");
    if (!image) throw new ApiError("bad_request", IMAGE_REQUIRED, [{ path: "image", message: IMAGE_REQUIRED }]);
    const path = await changeUserPicture(user.id, image);
    // The site's public address when configured: behind a proxy the request's own host may be internal.
    return { data: { display_url: new URL(path, getEnv().AUTH_URL ?? request.nextUrl.origin).toString() } };
  },
});
