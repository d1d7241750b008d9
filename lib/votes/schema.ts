import { z } from "@/lib/validation/zod";
import { VOTE_VALUES } from "@/models/enums";
import { noControlCharacters } from "@/lib/validation/text";

// Shared by the vote form and PUT /api/vote/{id}; 'This field is required' is the message people know.
export const COMMENT_MAX = 1000;
export const NAME_MAX = 200;
const EMAIL_MAX = 254;

/** The spec's message for a vote left empty; the form adds the question to it (`voteRequiredMessage`). */
export const VOTE_REQUIRED = "This field is required";

/** The vote form's message for an empty submit: the spec's words first, then what to do, naming the question. */
export const voteRequiredMessage = (questionTitle: string) => `${VOTE_REQUIRED}: choose Yes or No to answer "${questionTitle}".`;

const voteField = (required: string) =>
  z.enum(VOTE_VALUES, {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === "" ? required : "Vote must be yes or no"),
  });

export const voteFormSchema = z.object({
  vote: voteField(VOTE_REQUIRED),
  comment: noControlCharacters(z.string().trim().max(COMMENT_MAX, `Comments can be at most ${COMMENT_MAX} characters`), "Comments", {
    multiLine: true,
  }).optional(),
  // "Email me the result when this survey closes".
  notifyResult: z.boolean({ error: "notifyResult must be true or false" }).optional(),
});
export type VoteFormInput = z.input<typeof voteFormSchema>;

/** The vote form's schema for one question: the same rules, the empty vote's message naming the question. */
export const voteFormSchemaFor = (questionTitle: string) => voteFormSchema.extend({ vote: voteField(voteRequiredMessage(questionTitle)) });

// The original client also sent who it thought was voting; they are only checked against the caller.
const claimedIdentity = {
  userEmail: z.string().trim().max(EMAIL_MAX).nullish(),
  userName: z.string().trim().max(NAME_MAX).nullish(),
};

export const voteBodySchema = voteFormSchema.extend(claimedIdentity);
export type VoteBody = z.infer<typeof voteBodySchema>;

/** Bodies of PUT /api/report_survey/{id} and the POST list calls: at most the caller's own identity. */
export const ownIdentityBodySchema = z.object(claimedIdentity);
export type OwnIdentityBody = z.infer<typeof ownIdentityBodySchema>;

