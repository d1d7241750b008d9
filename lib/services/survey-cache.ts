import "server-only";
import { revalidateTag } from "next/cache";

// Cache tags of the public survey pages and calls. Route handlers call `surveyChanged` after a
// vote, an edit or a status change; services never do (they also run outside a request).
export const SURVEY_LIST_TAG = "surveys";
export const surveyTag = (id: string) => `survey:${id}`;

export function surveyChanged(id: string) {
  revalidateTag(SURVEY_LIST_TAG, { expire: 0 });
  revalidateTag(surveyTag(id), { expire: 0 });
}
