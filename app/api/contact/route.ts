// POST /api/contact: store a message from the contact form for the admins to read
import { route } from "@/lib/api/handler";
import { saveContactMessage } from "@/lib/services/contact";
import { contactSchema } from "@/lib/validation/contact";

export const POST = route({
  auth: "public",
  body: contactSchema,
  maxBodyBytes: 16 * 1024,
  handler: async ({ body }) => ({ insertedId: (await saveContactMessage(body)).id }),
});
