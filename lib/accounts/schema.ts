import { PASSWORD_MAX, registerSchema } from "./auth-schema";
import { z } from "@/lib/validation/zod";

// The account page's forms and routes (/api/me, /api/me/password): the same rules as registration.

export const updateProfileSchema = registerSchema.pick({ name: true }).strict();
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

const currentPassword = z
  .string({ error: "Your current password is required" })
  .min(1, "Your current password is required")
  .max(PASSWORD_MAX, "That is not your current password");

export const changePasswordSchema = z
  .object({ currentPassword, newPassword: registerSchema.shape.password })
  .strict()
  .refine((v) => v.currentPassword !== v.newPassword, { path: ["newPassword"], message: "The new password must be different from the current one" });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The password of an account that has one; a Google-only account sends none (a fresh sign-in decides). */
export const deleteAccountSchema = z
  .object({ password: z.string({ error: "Your password is required" }).max(PASSWORD_MAX, "That is not your password").optional() })
  .strict();
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

export const endOtherSessionsSchema = z.object({}).strict();

export const sessionIdParamsSchema = z.object({ id: z.uuid({ error: "No such session" }) });
