// GET /api/health: liveness for a load balancer or orchestrator. The process answers; nothing else
// is checked (a database outage must not make every server look dead and get restarted).
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
