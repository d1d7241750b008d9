import { SharePanel } from "@/components/survey/share-panel";
import { embedContentOf, embedSize } from "@/lib/sharing/embed-size";
import { embedSnippet, qrHref, shareLinks, surveyUrl } from "@/lib/sharing/share";
import { siteToday } from "@/lib/site-dates";
import { cachedSurvey } from "@/lib/surveys/cache";

/**
 * The share panel of one published survey, its addresses built on the server (the public page and
 * the surveyor's). The embed snippet's frame is sized for what the survey's embed shows now.
 */
export async function SurveyShare({ id, title }: { id: string; title: string }) {
  const survey = await cachedSurvey(id);
  // Only a published survey has a public address to share.
  if (!survey) return null;
  return (
    <SharePanel
      url={surveyUrl(id)}
      title={title}
      links={shareLinks(id, title)}
      qr={{ svg: qrHref(id, "svg"), png: qrHref(id, "png"), svgDownload: qrHref(id, "svg", true), pngDownload: qrHref(id, "png", true) }}
      embed={embedSnippet(id, title, embedSize(embedContentOf(survey, siteToday())))}
    />
  );
}
