// POST /api/contact: store a message from the contact form for the admins to read
import { route } from "@/lib/api/handler";
import { clientAddress } from "@/lib/auth/client-address";
import { saveContactMessage } from "@/lib/services/contact";
import { contactSchema } from "@/lib/validation/contact";

export const POST = route({
  auth: "public",
  body: contactSchema,
  maxBodyBytes: 16 * 1024,
  handler: async ({ request, body }) => ({ insertedId: (await saveContactMessage(body, clientAddress(request.headers))).id }),
});
