import { SITE_NAME } from "@/lib/seo";

// What an embed says in another site's frame when it has no survey to show, in a sentence that names
// the site (the frame stands in someone else's page). Loads in the browser.

/** A survey id that is not, or no longer, a published survey. */
export const EMBED_GONE_TEXT = `This survey is no longer on ${SITE_NAME}.`;

/** An embed address whose id is no survey id at all. */
export const EMBED_NO_SURVEY_TEXT = `There is no survey at this address on ${SITE_NAME}.`;

/** The embed failed to render (the database away). */
export const EMBED_ERROR_TEXT = `${SITE_NAME} could not show this survey just now. Please try again later.`;
