// POST /api/register: create an email-and-password account with its picture, in one request
import { NextResponse } from "next/server";
import { verifyAltcha } from "@/lib/altcha";
import { ApiError } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { fileField } from "@/lib/api/read-body";
import { clientAddress } from "@/lib/auth/client-address";
import { refuseDisposableEmail } from "@/lib/disposable-email";
import { AVATAR_MAX_BYTES, imageTooLarge } from "@/lib/services/avatars";
import { registerUser } from "@/lib/services/users";
import { IMAGE_REQUIRED } from "@/lib/validation/auth";
import { registerRequestSchema } from "@/lib/validation/altcha";

export const POST = route({
  auth: "public",
  // The picture plus the text fields and multipart framing.
  form: { maxBytes: AVATAR_MAX_BYTES + 64 * 1024, tooLarge: imageTooLarge, fields: registerRequestSchema },
  handler: async ({ request, form, body }) => {
    const image = await fileField(form, "image");
    if (!image) throw new ApiError("bad_request", IMAGE_REQUIRED, [{ path: "image", message: IMAGE_REQUIRED }]);
    refuseDisposableEmail(body.email);
    // Last of the checks: the proof-of-work is spent here, before anything is created.
    await verifyAltcha(body.altcha);
    const user = await registerUser(body, image, clientAddress(request.headers));
    return NextResponse.json({ insertedId: user.id }, { status: 201 });
  },
});
