// GET /api/me/export: everything the site keeps about the caller, as a JSON file to download
import { NextResponse } from "next/server";
import { route } from "@/lib/api/handler";
import { accountExportStream, exportFileName } from "@/lib/accounts/account-export";

export const GET = route({
  auth: "signed-in",
  doc: {
    tag: "Account",
    summary: "Export my data",
    description: "Everything the site keeps about the caller, as a JSON file to download.",
    answers: [
      {
        status: 200,
        description: "The export file",
        media: [{ type: "application/json", schema: { type: "object", description: "The caller's account, surveys, votes, reports, payments, sessions and passkeys" } }],
      },
    ],
  },
  handler: async ({ user }) =>
    new NextResponse(await accountExportStream(user.id), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${exportFileName()}"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    }),
});
