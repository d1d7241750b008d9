// POST /api/register: create an email-and-password account with its picture, in one request
import { NextResponse } from "next/server";
import { verifyAltcha } from "@/lib/altcha";
import { insertedSchema } from "@/lib/api/contract";
import { ApiError } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { fileField } from "@/lib/api/read-body";
import { answer } from "@/lib/api/route-doc";
import { clientAddress } from "@/lib/auth/client-address";
import { refuseDisposableEmail } from "@/lib/accounts/disposable-email";
import { AVATAR_MAX_BYTES, imageTooLarge } from "@/lib/accounts/avatars";
import { registerUser } from "@/lib/accounts/users";
import { IMAGE_REQUIRED } from "@/lib/accounts/auth-schema";
import { registerRequestSchema } from "@/lib/validation/altcha";
import { localeSchema } from "@/lib/accounts/locale-schema";

// The page's language comes with the form: the account's mail is written in it.
const fields = registerRequestSchema.extend({ locale: localeSchema.optional().meta({ description: "The language of the page registered on (`en`, `es` or `de`): the account's mail, the verification first, is written in it. English without it" }) });

export const POST = route({
  auth: "public",
  // The picture plus the text fields and multipart framing.
  form: { maxBytes: AVATAR_MAX_BYTES + 64 * 1024, tooLarge: imageTooLarge, fields },
  doc: {
    tag: "Account",
    summary: "Create an account",
    description:
      "An email-and-password account with its picture, in one request. A taken email is 409; too many accounts from one network is 429. The picture must be a PNG, JPEG, WebP or GIF image (422 otherwise) of at most 5 MB (413) and 25 megapixels (400 on `image`, refused from the header before decoding); a busy server answers 503 with `Retry-After`. A disposable address (a throwaway-inbox domain or a subdomain of one), or one under the reserved `.invalid` or `.localhost` names, is 400. Needs a solved proof-of-work (`altcha`): missing, invalid, expired or already used is 400 (`altcha_required`, `altcha_invalid`, `altcha_expired`, `altcha_replayed`) and nothing is created. An optional `locale` (`en`, `es` or `de`; anything else is 400 and nothing is created) is the account's language, that of its mail; English without it.",
    files: { image: "The profile picture" },
    answers: [answer("Created", insertedSchema, 201)],
    errors: [409, 422, 429, 503],
  },
  handler: async ({ request, form, body }) => {
    const image = await fileField(form, "image");
    if (!image) throw new ApiError("bad_request", IMAGE_REQUIRED, [{ path: "image", message: IMAGE_REQUIRED }]);
    refuseDisposableEmail(body.email);
    // Last of the checks: the proof-of-work is spent here, before anything is created.
    await verifyAltcha(body.altcha);
    const user = await registerUser({ ...body, continueTo: body.callbackUrl }, image, clientAddress(request.headers));
    return NextResponse.json({ insertedId: user.id }, { status: 201 });
  },
});
