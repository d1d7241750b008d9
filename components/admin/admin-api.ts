// Browser calls of the admin console. Cookies authenticate; errors carry the API's own message.
import type { Role } from "@/models/enums";
import type { UpdateSurveyStatusInput } from "@/lib/validation/admin";

export class AdminRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function post<T>(url: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      cache: "no-store",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new AdminRequestError(0, "Could not reach the server. Check your connection and try again.");
  }
  const data = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (!response.ok) throw new AdminRequestError(response.status, data?.error?.message ?? `Request failed (${response.status})`);
  return data as T;
}

export const updateRole = (id: string, role: Role) => post<{ modifiedCount: number }>("/api/update_role", { id, role });

export const updateSurveyStatus = (input: UpdateSurveyStatusInput) =>
  post<{ modifiedCount: number }>("/api/update_survey_status", input);
