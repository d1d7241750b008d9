// GET /api/health: liveness for a load balancer or orchestrator. The process answers; nothing else
// is checked (a database outage must not make every server look dead and get restarted).
import { NextResponse } from "next/server";
import { livenessSchema } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";

export const dynamic = "force-dynamic";

export const GET = route({
  auth: "none",
  doc: {
    tag: "Operations",
    summary: "Liveness",
    description: "The process answers; nothing else is checked.",
    answers: [answer("Alive", livenessSchema)],
  },
  handler: () => NextResponse.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } }),
});
