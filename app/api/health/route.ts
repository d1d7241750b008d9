// GET /api/health: liveness for a load balancer or orchestrator. The process answers; nothing else
// is checked (a database outage must not make every server look dead and get restarted).
import { NextResponse } from "next/server";
import { route } from "@/lib/api/handler";

export const dynamic = "force-dynamic";

export const GET = route({
  auth: "none",
  handler: () => NextResponse.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } }),
});
