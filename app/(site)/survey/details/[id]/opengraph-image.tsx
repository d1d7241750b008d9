import { ImageResponse } from "next/og";
import { cachedSurvey } from "@/lib/cache/surveys";
import { surveyIdParamsSchema } from "@/lib/validation/survey-list";
import { VOTE_COLOURS } from "@/lib/vote-colours";

// Each survey's sharing picture: its title and current yes/no counts, cached and refreshed with the
// survey's tag like the page itself.
export const revalidate = 3600;
export async function generateStaticParams() {
  return [];
}
export const alt = "The survey's title with its current yes and no votes";
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";

export default async function Image({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Unknown or malformed ids: 404 at once, nothing rendered (a PNG per made-up id cost 64 KB and a
  // render each). Known ones are rendered once and served from Next's cache, refreshed by the
  // survey's tag (surveyChanged) that cachedSurvey carries.
  const survey = surveyIdParamsSchema.safeParse({ id }).success ? await cachedSurvey(id) : null;
  if (!survey) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  const title = survey.title;
  const yes = survey.yesCount;
  const no = survey.noCount;
  const total = yes + no;
  const yesShare = total ? Math.round((yes / total) * 100) : 50;
  return new ImageResponse(
    (
      <div style={{ width: "100%", height: "100%", display: "flex", flexDirection: "column", justifyContent: "space-between", padding: 64, background: "linear-gradient(135deg, #1e40af, #2563eb)", color: "white", fontFamily: "sans-serif" }}>
        <div style={{ display: "flex", justifyContent: "space-between", fontSize: 32, fontWeight: 700, letterSpacing: 4 }}>
          <span>OPINEX</span>
          {survey && <span style={{ fontSize: 28, fontWeight: 400, letterSpacing: 0 }}>{survey.category}</span>}
        </div>
        <div style={{ display: "flex", fontSize: title.length > 70 ? 52 : 64, fontWeight: 700, lineHeight: 1.15 }}>{title}</div>
        {survey ? (
          <div style={{ display: "flex", flexDirection: "column", gap: 16 }}>
            <div style={{ display: "flex", justifyContent: "space-between", fontSize: 36 }}>
              <span>Yes: {yes}</span>
              <span>No: {no}</span>
            </div>
            <div style={{ display: "flex", height: 28, borderRadius: 14, overflow: "hidden", background: VOTE_COLOURS.no.fill }}>
              <div style={{ width: `${yesShare}%`, background: VOTE_COLOURS.yes.fill }} />
            </div>
          </div>
        ) : (
          <div style={{ display: "flex", fontSize: 32 }}>Browse, vote and see the results</div>
        )}
      </div>
    ),
    size,
  );
}
