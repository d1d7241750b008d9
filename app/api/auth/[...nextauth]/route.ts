// GET/POST /api/auth/*: Auth.js sign-in, callbacks, session and sign-out
import { handlers } from "@/lib/auth/config";

export const { GET, POST } = handlers;
