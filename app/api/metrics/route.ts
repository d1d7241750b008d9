// GET /api/metrics: this process's Prometheus metrics (lib/metrics.mjs), in the text exposition
// format. Only for a scraper holding METRICS_TOKEN as a bearer token; without METRICS_TOKEN
// configured the endpoint does not exist (404). Each app server exposes its own.
import { timingSafeEqual } from "node:crypto";
import { NextResponse } from "next/server";
import { route } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { getEnv } from "@/lib/env";
import { metrics } from "@/lib/metrics.mjs";

export const dynamic = "force-dynamic";

function holdsToken(header: string | null, token: string) {
  const given = Buffer.from(header?.match(/^Bearer\s+(.+)$/i)?.[1] ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const GET = route({
  auth: "none",
  doc: {
    tag: "Operations",
    summary: "Prometheus metrics",
    description:
      "This server's metrics in Prometheus' text format, for a scraper holding `METRICS_TOKEN`. Without `METRICS_TOKEN` configured the endpoint does not exist (404).",
    credential: "metricsToken",
    answers: [{ status: 200, description: "The metrics", media: [{ type: "text/plain", schema: { type: "string" } }] }],
    errors: [401, 404],
  },
  handler: async ({ request }) => {
    const token = getEnv().METRICS_TOKEN;
    if (!token) throw new ApiError("not_found", "Not found");
    if (!holdsToken(request.headers.get("authorization"), token)) throw new ApiError("unauthorized", "A valid metrics token is required");
    const { registry } = metrics();
    return new NextResponse(await registry.metrics(), {
      headers: { "Content-Type": registry.contentType, "Cache-Control": "no-store" },
    });
  },
});
