import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { CurrentUser } from "@/lib/auth/guards";
import { getManagedSurvey, type ManagedSurvey } from "@/lib/surveys/workspace";
import { surveyIdParamsSchema } from "@/lib/surveys/list-schema";

/**
 * One survey for a surveyor's page: a malformed or unknown id or someone else's survey becomes a
 * message for the page instead of a crash.
 */
export async function loadManagedSurvey(id: string, user: CurrentUser): Promise<{ survey: ManagedSurvey } | { error: string }> {
  if (!surveyIdParamsSchema.safeParse({ id }).success) return { error: "No such survey" };
  try {
    return { survey: await getManagedSurvey(id, user) };
  } catch (error) {
    // Anything else (the database is away) is for the dashboard's error boundary.
    if (error instanceof ApiError && error.status < 500) return { error: error.message };
    throw error;
  }
}
