import { z } from "@/lib/validation/zod";
import { accountEmailSchema, emailSchema, newPasswordSchema, PASSWORD_MAX } from "./auth-schema";

// The mailed links and the forms around them: forgot and reset a password, change the address.

/** The refusal of a vote or a report from an unverified address (API and page say the same). */
export const EMAIL_UNVERIFIED_MESSAGE = "Verify your email address to vote.";

/** What a mailed link carries: `{id}.{secret}` (lib/auth/email-tokens.ts). Anything else is refused as it is. */
export const TOKEN_MESSAGE = "This link is not valid. Check that you opened the whole link from the email.";
export const tokenSchema = z.string({ error: TOKEN_MESSAGE }).max(200, TOKEN_MESSAGE).regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/, TOKEN_MESSAGE);

/**
 * POST /api/verify-email and POST /api/confirm-email: the token of the mailed link. An object, so that
 * another way to prove the address can join it as a field of its own.
 */
export const verifyEmailSchema = z.object({ token: tokenSchema });
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;
export const confirmEmailSchema = z.object({ token: tokenSchema });

export const forgotPasswordSchema = z.object({ email: emailSchema.transform((e) => e.toLowerCase()) });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({ token: tokenSchema, password: newPasswordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The reset form in the browser: the new password twice. */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirm: z.string().max(PASSWORD_MAX) })
  .refine((v) => v.password === v.confirm, { message: "The two passwords are not the same", path: ["confirm"] });

export const changeEmailSchema = z.object({
  email: accountEmailSchema.transform((e) => e.toLowerCase()),
  password: z.string({ error: "Your password is required" }).min(1, "Your password is required").max(PASSWORD_MAX),
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;
