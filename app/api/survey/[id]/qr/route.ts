// GET /api/survey/{id}/qr?format=svg|png&download=1: a QR code of a published survey's address, drawn
// on the server (`qrcode`), to show on the page or download. The same for everyone, so cached.
import { NextResponse } from "next/server";
import QRCode from "qrcode";
import { ApiError } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { cachedSurvey } from "@/lib/surveys/cache";
import { surveyUrl } from "@/lib/sharing/share";
import { qrQuerySchema } from "@/lib/sharing/schema";
import { surveyIdParamsSchema } from "@/lib/surveys/list-schema";

export const GET = route({
  auth: "none",
  params: surveyIdParamsSchema,
  query: qrQuerySchema,
  doc: {
    tag: "Surveys",
    summary: "A survey's QR code",
    description:
      "A QR code of a published survey's address, as SVG or PNG (`download=1`: as an attachment). The same for everyone, cached for a day.",
    answers: [
      {
        status: 200,
        description: "The QR code",
        media: [
          { type: "image/svg+xml", schema: { type: "string" } },
          { type: "image/png", schema: { type: "string", contentMediaType: "image/png" } },
        ],
      },
    ],
    errors: [404],
  },
  handler: async ({ params, query }) => {
    if (!(await cachedSurvey(params.id))) throw new ApiError("not_found", "Survey not found");
    const url = surveyUrl(params.id);
    // Error correction M, a quiet zone of 4 modules: what phone cameras read best in print and on screen.
    const options = { errorCorrectionLevel: "M" as const, margin: 4 };
    const headers = new Headers({ "Cache-Control": "public, max-age=86400" });
    if (query.download) headers.set("Content-Disposition", `attachment; filename="opinex-survey-${params.id}.${query.format}"`);
    if (query.format === "png") {
      headers.set("Content-Type", "image/png");
      return new NextResponse(new Uint8Array(await QRCode.toBuffer(url, { ...options, type: "png", width: 512 })), { headers });
    }
    headers.set("Content-Type", "image/svg+xml; charset=utf-8");
    // An image, never a document: a stored SVG opened directly runs nothing.
    headers.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return new NextResponse(await QRCode.toString(url, { ...options, type: "svg" }), { headers });
  },
});
