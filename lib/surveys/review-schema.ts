import { z } from "@/lib/validation/zod";

// An unpublished survey's request for a review (lib/surveys/review-request.ts): the answer of
// POST /api/survey/{id}/review-request and the refusals its button shows, shared by the route, the
// API reference and the surveyor's button (no server imports: the button loads it in the browser).

export const REVIEW_ONLY_UNPUBLISHED = "Only an unpublished survey can ask for a review";
export const REVIEW_ALREADY_REQUESTED = "A review is already requested";

export const reviewRequestAnswerSchema = z.object({
  reviewRequestedAt: z.iso.datetime().meta({ description: "When the surveyor asked; cleared by the admin's next publish or unpublish" }),
});
export type ReviewRequestAnswer = z.infer<typeof reviewRequestAnswerSchema>;
