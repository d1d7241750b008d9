// POST /api/register: create an email-and-password account with its picture, in one request
import { NextResponse } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { fileField, readFormData } from "@/lib/api/read-body";
import { route } from "@/lib/api/handler";
import { clientAddress } from "@/lib/auth/client-address";
import { AVATAR_MAX_BYTES, imageTooLarge } from "@/lib/services/avatars";
import { registerUser } from "@/lib/services/users";
import { IMAGE_REQUIRED, registerSchema } from "@/lib/validation/auth";

// The picture plus the text fields and multipart framing.
const MAX_FORM_BYTES = AVATAR_MAX_BYTES + 64 * 1024;

export const POST = route({
  auth: "public",
  handler: async ({ request }) => {
    const form = await readFormData(request, MAX_FORM_BYTES, imageTooLarge);
    const text = (name: string) => (typeof form.get(name) === "string" ? form.get(name) : undefined);
    const parsed = registerSchema.safeParse({ name: text("name"), email: text("email"), password: text("password") });
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
      throw new ApiError("bad_request", issues[0].message, issues);
    }
    const image = await fileField(form, "image");
    if (!image) throw new ApiError("bad_request", IMAGE_REQUIRED, [{ path: "image", message: IMAGE_REQUIRED }]);
    const user = await registerUser(parsed.data, image, clientAddress(request.headers));
    return NextResponse.json({ insertedId: user.id }, { status: 201 });
  },
});
