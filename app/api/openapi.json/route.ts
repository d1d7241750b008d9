// GET /api/openapi.json: the OpenAPI 3.1 document of /api (lib/api/openapi/), the same for everyone:
// rendered once at build time and served as a static file, never per request.
import { buildOpenApiDocument } from "@/lib/api/openapi/document";

export const dynamic = "force-static";

export function GET() {
  return Response.json(buildOpenApiDocument());
}
