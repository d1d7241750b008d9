// GET /api/me: who is signed in (name, picture, role) for the browser's navigation bar; never cached
import { NextResponse } from "next/server";
import { route } from "@/lib/api/handler";
import { verificationRequired } from "@/lib/services/account-email";

export const GET = route({
  auth: "public",
  // Personal: no browser or shared cache may keep it (the same URL answers everyone).
  handler: ({ user }) =>
    NextResponse.json(
      {
        user: user && {
          id: user.id,
          email: user.email,
          name: user.name,
          image: user.image,
          role: user.role,
          emailVerified: user.emailVerified !== null,
          // Whether this site asks for a verified address before voting and reporting.
          verificationRequired: verificationRequired(),
        },
      },
      { headers: { "Cache-Control": "private, no-store" } },
    ),
});
