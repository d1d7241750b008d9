// Browser calls of the admin console. Cookies authenticate; errors carry the API's own message. The
// gravest calls (making someone an admin, voiding or restoring votes) keep the error's code too: when it
// is recent_second_factor_required, the page asks for the second factor (useStepUp) and calls again.
import { requestCoded, sendCoded } from "@/components/auth/step-up";
import { requestJson, sendJson } from "@/lib/api/client";
import type { Role } from "@/models/enums";
import type { UpdateSurveyStatusInput } from "@/lib/moderation/schema";

export const updateRole = (id: string, role: Role) => sendCoded<{ modifiedCount: number }>("/api/update_role", { id, role });

export const updateSurveyStatus = (input: UpdateSurveyStatusInput) =>
  sendJson<{ modifiedCount: number }>("/api/update_survey_status", input);

export const resendVerification = (userId: string) => sendJson<{ message: string }>(`/api/users/${userId}/verification-email`, {});

export type SuspensionAnswer = { id: string; suspended: boolean; changed: boolean };
export const suspendUser = (userId: string, reason: string) => sendJson<SuspensionAnswer>(`/api/users/${userId}/suspension`, { reason });
export const liftSuspension = (userId: string) => requestJson<SuspensionAnswer>(`/api/users/${userId}/suspension`, { method: "DELETE" });
export const voidVotes = (userId: string, reason: string) => sendCoded<{ voided: number; surveys: number }>(`/api/users/${userId}/votes/void`, { reason });
export const restoreVotes = (userId: string) => requestCoded<{ restored: number; surveys: number }>(`/api/users/${userId}/votes/void`, { method: "DELETE" });
