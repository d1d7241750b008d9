// Browser calls of the voting part of a survey page. Cookies authenticate; errors carry the API's message.
import type { VoteResult, VotingState } from "@/lib/services/votes";
import type { VoteValue } from "@/models/enums";

export type { VotingState };

export class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function requestJson<T>(url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: "same-origin",
      cache: "no-store",
      ...init,
      headers: { "content-type": "application/json", ...init?.headers },
    });
  } catch {
    throw new RequestError(0, "Could not reach the server. Check your connection and try again.");
  }
  const data = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (!response.ok) throw new RequestError(response.status, data?.error?.message ?? `Request failed (${response.status})`);
  return data as T;
}

export const fetchVotingState = (surveyId: string, signal?: AbortSignal) =>
  requestJson<VotingState>(`/api/vote/${surveyId}`, { signal });

export const submitVote = (surveyId: string, body: { vote: VoteValue; comment?: string }) =>
  requestJson<VoteResult & { modifiedCount: number }>(`/api/vote/${surveyId}`, { method: "PUT", body: JSON.stringify(body) });

export const submitReport = (surveyId: string) =>
  requestJson<{ modifiedCount: number }>(`/api/report_survey/${surveyId}`, { method: "PUT", body: "{}" });
