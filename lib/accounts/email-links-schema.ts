import { z } from "@/lib/validation/zod";
import { accountEmailSchema, continueToSchema, emailSchema, newPasswordSchema, PASSWORD_MAX } from "./auth-schema";

// The mailed links and the forms around them: forgot and reset a password, change the address.

/** The refusal of a vote or a report from an unverified address (API and page say the same). */
export const EMAIL_UNVERIFIED_MESSAGE = "Verify your email address to vote.";

/** What a mailed link carries: `{id}.{secret}` (lib/auth/email-tokens.ts). Anything else is refused as it is. */
export const TOKEN_MESSAGE = "This link is not valid. Check that you opened the whole link from the email.";
export const tokenSchema = z.string({ error: TOKEN_MESSAGE }).max(200, TOKEN_MESSAGE).regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/, TOKEN_MESSAGE);

/** The six digits of a verification mail (lib/auth/email-tokens.ts `CODE_PATTERN`). */
export const CODE_MESSAGE = "The code is the six digits from the email.";
export const verificationCodeSchema = z.string({ error: CODE_MESSAGE }).regex(/^[0-9]{6}$/, CODE_MESSAGE);

/**
 * POST /api/verify-email: the token of the mailed link, or the six-digit code of the same mail typed by
 * the signed-in person it was sent to. One of the two.
 */
export const verifyEmailSchema = z
  .object({
    token: tokenSchema.optional().meta({ description: "The token of the mailed link" }),
    code: verificationCodeSchema.optional().meta({ description: "The six-digit code of the mail, for the signed-in person it was sent to" }),
  })
  .refine((v) => (v.token === undefined) !== (v.code === undefined), { message: "Send either the link's token or the code, not both.", path: ["code"] });

/** POST /api/me/verification-email: where the person was going, for the new mail's verified page. */
export const resendVerificationSchema = z.object({ callbackUrl: continueToSchema });
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
