// GET /api/openapi.json: the OpenAPI 3.1 document of /api (lib/api/openapi/), the same for everyone:
// rendered once at build time and served as a static file, never per request. The routes describe
// themselves; the generated index brings every one of them here (lib/ may not import app/).
import { buildOpenApiDocument } from "@/lib/api/openapi/document";
import { API_ROUTES } from "../routes.generated";

export const dynamic = "force-static";

export function GET() {
  return Response.json(buildOpenApiDocument(API_ROUTES));
}
