// GET /api/oembed?url=…&format=json&maxwidth=&maxheight=: the oEmbed 1.0 answer (type "rich") for one
// of our survey pages, so a platform that reads oEmbed embeds a survey from its link. `url` must be a
// survey address of this site, in any of its languages (the embed is in the address's): it is parsed,
// never fetched.
import { NextResponse } from "next/server";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/locales.mjs";
import { oembedSchema } from "@/lib/api/contract";
import { ApiError } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { cachedSurvey } from "@/lib/surveys/cache";
import { siteUrl, SITE_NAME } from "@/lib/seo";
import { embedContentOf, embedSize } from "@/lib/sharing/embed-size";
import { embedSnippet } from "@/lib/sharing/share";
import { siteToday } from "@/lib/site-dates";
import { oembedQuerySchema } from "@/lib/sharing/schema";

const SURVEY_PATH = /^(?:\/(es|de))?\/(?:survey\/details|embed\/survey)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;
const notOurs = () => new ApiError("not_found", "No such survey on this site");

/** The survey id and language of one of our survey addresses; null for anything else. */
function surveyOf(raw: string) {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.origin !== new URL(siteUrl()).origin) return null;
  const match = SURVEY_PATH.exec(url.pathname);
  if (!match) return null;
  const locale = match[1]?.toLowerCase();
  return { id: match[2].toLowerCase(), locale: isLocale(locale) ? locale : DEFAULT_LOCALE };
}

export const GET = route({
  auth: "none",
  query: oembedQuerySchema,
  doc: {
    tag: "Surveys",
    summary: "oEmbed",
    description:
      "The oEmbed 1.0 answer (type `rich`) for one of this site's survey addresses, so a platform that reads oEmbed embeds a survey from its link. `url` is parsed, never fetched: any other address is 404; a `format` other than `json` is 501.",
    answers: [answer("The embed", oembedSchema)],
    errors: [404, 501],
  },
  handler: async ({ query }) => {
    // The spec's answer for a format the provider does not offer.
    if (query.format !== undefined && query.format !== "json") throw new ApiError("not_implemented", "Only format=json is offered");
    const asked = surveyOf(query.url);
    const survey = asked ? await cachedSurvey(asked.id) : null;
    if (!asked || !survey) throw notOurs();
    const { id, locale } = asked;
    // As wide as asked, up to 480 px, and as high as the survey's card at its narrowest (embed-size.ts).
    const { width, height } = embedSize(embedContentOf(survey, siteToday(), locale), { maxWidth: query.maxwidth, maxHeight: query.maxheight });
    return NextResponse.json(
      {
        version: "1.0",
        type: "rich",
        title: survey.title,
        provider_name: SITE_NAME,
        provider_url: siteUrl(),
        cache_age: 3600,
        width,
        height,
        html: embedSnippet(id, survey.title, { width, height }, "light", locale),
      },
      // Public data, read by other sites' servers and browsers alike.
      { headers: { "Cache-Control": "public, max-age=3600", "Access-Control-Allow-Origin": "*" } },
    );
  },
});
