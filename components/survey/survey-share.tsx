import { getLocale } from "next-intl/server";
import { SharePanel } from "@/components/survey/share-panel";
import { embedContentOf, embedSize } from "@/lib/sharing/embed-size";
import { embedSnippet, qrHref, shareLinks, surveyUrl } from "@/lib/sharing/share";
import { siteToday } from "@/lib/site-dates";
import { cachedSurvey } from "@/lib/surveys/cache";

/**
 * The share panel of one published survey, its addresses built on the server (the public page and
 * the surveyor's), in the page's language: the link shared and the embed are that language's. The
 * embed snippet's frame is sized for what the survey's embed shows now. The QR code holds the
 * survey's unprefixed address, which opens in the language of whoever scans it.
 */
export async function SurveyShare({ id, title }: { id: string; title: string }) {
  const survey = await cachedSurvey(id);
  // Only a published survey has a public address to share.
  if (!survey) return null;
  const locale = await getLocale();
  return (
    <SharePanel
      url={surveyUrl(id, locale)}
      qrUrl={surveyUrl(id)}
      title={title}
      links={shareLinks(id, title, locale)}
      qr={{ svg: qrHref(id, "svg"), png: qrHref(id, "png"), svgDownload: qrHref(id, "svg", true), pngDownload: qrHref(id, "png", true) }}
      embed={embedSnippet(id, title, embedSize(embedContentOf(survey, siteToday(), locale)), "light", locale)}
    />
  );
}
