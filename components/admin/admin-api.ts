// Browser calls of the admin console. Cookies authenticate; errors carry the API's own message.
import { sendJson } from "@/lib/api/client";
import type { Role } from "@/models/enums";
import type { UpdateSurveyStatusInput } from "@/lib/validation/admin";

export const updateRole = (id: string, role: Role) => sendJson<{ modifiedCount: number }>("/api/update_role", { id, role });

export const updateSurveyStatus = (input: UpdateSurveyStatusInput) =>
  sendJson<{ modifiedCount: number }>("/api/update_survey_status", input);

export const resendVerification = (userId: string) => sendJson<{ message: string }>(`/api/users/${userId}/verification-email`, {});
