// The browser's one JSON client for our own API: cookies authenticate, and a refusal becomes a
// RequestError carrying the API's own message (and its field issues), or a clear network message.
import type { ErrorIssue } from "./errors";

export class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: ErrorIssue[] = [],
  ) {
    super(message);
  }
}

export async function requestJson<T>(url: string, init?: RequestInit): Promise<T> {
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
  const data = (await response.json().catch(() => null)) as { error?: { message?: string; issues?: ErrorIssue[] } } | null;
  if (!response.ok) {
    throw new RequestError(response.status, data?.error?.message ?? `Request failed (${response.status})`, data?.error?.issues);
  }
  return data as T;
}

/** A JSON POST (or another method) of `body`. */
export const sendJson = <T>(url: string, body: unknown, method = "POST") =>
  requestJson<T>(url, { method, body: JSON.stringify(body) });
