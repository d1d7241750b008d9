// POST /api/contact: store a message from the contact form for the admins to read
import { verifyAltcha } from "@/lib/altcha";
import { route } from "@/lib/api/handler";
import { clientAddress } from "@/lib/auth/client-address";
import { saveContactMessage } from "@/lib/services/contact";
import { contactRequestSchema } from "@/lib/validation/altcha";

export const POST = route({
  auth: "public",
  body: contactRequestSchema,
  maxBodyBytes: 16 * 1024,
  handler: async ({ request, body }) => {
    await verifyAltcha(body.altcha);
    return { insertedId: (await saveContactMessage(body, clientAddress(request.headers))).id };
  },
});
