// GET/POST /api/auth/*: Auth.js sign-in, callbacks, session and sign-out
import { NextResponse, type NextRequest } from "next/server";
import { handlers } from "@/lib/auth/config";
import { throttledSignIn } from "@/lib/auth/throttle";

export const GET = handlers.GET;

export async function POST(request: NextRequest) {
  const next = await throttledSignIn(request);
  return next instanceof NextResponse ? next : handlers.POST(next);
}
