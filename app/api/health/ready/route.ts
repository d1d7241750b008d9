// GET /api/health/ready: readiness. 200 when the database answers and every migration is applied,
// 503 otherwise, so a load balancer sends no traffic here. Redis (when configured) is reported
// too: "degraded" (still 200) while it is away, as the server then serves from the database, or while
// the live results' subscription to it is not up; `degraded` says what, in words.
// No secrets: only which check failed. Not behind proxy.ts or any throttle; never cached.
import { NextResponse } from "next/server";
import { readinessSchema } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { checkReadiness } from "@/lib/health";

export const dynamic = "force-dynamic";

export const GET = route({
  auth: "none",
  doc: {
    tag: "Operations",
    summary: "Readiness",
    description:
      "Ready when the database answers and every migration is applied; `degraded` (still 200) while a configured Redis is away or the live results' subscription to it is not up, with `degraded` saying what works less well.",
    answers: [answer("Ready or degraded", readinessSchema), answer("Not ready: send no traffic here", readinessSchema, 503)],
  },
  handler: async () => {
    const report = await checkReadiness();
    return NextResponse.json(report, { status: report.status === "unavailable" ? 503 : 200, headers: { "Cache-Control": "no-store" } });
  },
});
