// Browser calls of the voting part of a survey page. Cookies authenticate; errors carry the API's message.
import type { VoteResult, VotingState } from "@/lib/votes/votes";
import type { VoteValue } from "@/models/enums";
import { RequestError, requestJson } from "@/lib/api/client";

export type { VoteResult, VotingState };
export { RequestError };

export const fetchVotingState = (surveyId: string, signal?: AbortSignal) =>
  requestJson<VotingState>(`/api/vote/${surveyId}`, { signal });

export const submitVote = (surveyId: string, body: { vote: VoteValue; comment?: string; notifyResult?: boolean }) =>
  requestJson<VoteResult & { modifiedCount: number }>(`/api/vote/${surveyId}`, { method: "PUT", body: JSON.stringify(body) });

export const submitReport = (surveyId: string) =>
  requestJson<{ modifiedCount: number }>(`/api/report_survey/${surveyId}`, { method: "PUT", body: "{}" });
