import { SharePanel } from "@/components/survey/share-panel";
import { embedSnippet, qrHref, shareLinks, surveyUrl } from "@/lib/sharing/share";

/** The share panel of one survey, its addresses built on the server (the public page and the surveyor's). */
export function SurveyShare({ id, title }: { id: string; title: string }) {
  return (
    <SharePanel
      url={surveyUrl(id)}
      title={title}
      links={shareLinks(id, title)}
      qr={{ svg: qrHref(id, "svg"), png: qrHref(id, "png"), svgDownload: qrHref(id, "svg", true), pngDownload: qrHref(id, "png", true) }}
      embed={embedSnippet(id, title)}
    />
  );
}
