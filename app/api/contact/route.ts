// POST /api/contact: store a message from the contact form for the admins to read
import { verifyAltcha } from "@/lib/altcha";
import { insertedSchema } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { clientAddress } from "@/lib/auth/client-address";
import { saveContactMessage } from "@/lib/contact/contact";
import { contactRequestSchema } from "@/lib/validation/altcha";

export const POST = route({
  auth: "public",
  body: contactRequestSchema,
  maxBodyBytes: 16 * 1024,
  doc: {
    tag: "Contact",
    summary: "Send a message",
    description:
      "Stores a message for the admins to read. At most 5 an hour per network address and 5 per email (429). Needs a solved proof-of-work (`altcha`): missing, invalid, expired or already used is 400 (`altcha_required`, `altcha_invalid`, `altcha_expired`, `altcha_replayed`) and nothing is stored.",
    answers: [answer("Stored", insertedSchema)],
    errors: [429],
  },
  handler: async ({ request, body }) => {
    await verifyAltcha(body.altcha);
    return { insertedId: (await saveContactMessage(body, clientAddress(request.headers))).id };
  },
});
