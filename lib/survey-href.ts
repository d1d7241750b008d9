// The public page of one survey, apart from lib/public-urls.ts so that a survey page's own client code
// (its answers' ways into sign-in, lib/votes/choice.ts) does not bring the list's table of views along.

/** The public page of one survey. */
export const surveyHref = (id: string) => `/survey/details/${id}`;
