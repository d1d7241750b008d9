// POST /api/upload: replace the caller's profile picture (field `image`); answers { data: { display_url } }
import { ApiError } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { fileField } from "@/lib/api/read-body";
import { getEnv } from "@/lib/env";
import { AVATAR_MAX_BYTES, imageTooLarge } from "@/lib/services/avatars";
import { changeUserPicture } from "@/lib/services/users";
import { IMAGE_REQUIRED } from "@/lib/validation/auth";

export const POST = route({
  auth: "signed-in",
  form: { maxBytes: AVATAR_MAX_BYTES + 16 * 1024, tooLarge: imageTooLarge },
  handler: async ({ request, user, form }) => {
    const image = await fileField(form, "image");
    if (!image) throw new ApiError("bad_request", IMAGE_REQUIRED, [{ path: "image", message: IMAGE_REQUIRED }]);
    const path = await changeUserPicture(user.id, image);
    // The site's public address when configured: behind a proxy the request's own host may be internal.
    return { data: { display_url: new URL(path, getEnv().AUTH_URL ?? request.nextUrl.origin).toString() } };
  },
});
