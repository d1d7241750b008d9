// GET /api/me: who is signed in (name, picture, role) for the browser's navigation bar; never cached
import { route } from "@/lib/api/handler";

export const GET = route({
  auth: "public",
  handler: ({ user }) => ({ user }),
});
