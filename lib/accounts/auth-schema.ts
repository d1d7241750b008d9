import { z } from "@/lib/validation/zod";
import { ROLES } from "@/models/enums";
import { noControlCharacters } from "@/lib/validation/text";
import { safeCallbackPath } from "@/lib/auth/callback-url";

// Shared by the forms and the route handlers; the messages are the product's.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const emailSchema = noControlCharacters(
  z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Email is too long")
    .regex(/^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u, "Invalid email address"),
  "Email",
);

const email = emailSchema;

/**
 * Names that can never receive mail (RFC 6761): `.invalid` (a deleted account's placeholder,
 * lib/accounts/deleted-account.ts) and `.localhost`. `.test` and `.example` stay allowed (the demo's addresses).
 */
const RESERVED_TLDS = ["invalid", "localhost"];
export const RESERVED_EMAIL_MESSAGE = "This address cannot receive email (.invalid and .localhost are reserved names). Please use your own address.";

/** Whether an address's domain ends in a reserved top-level name (a trailing dot included). */
export function isReservedEmailDomain(address: string): boolean {
  const labels = address.slice(address.lastIndexOf("@") + 1).trim().toLowerCase().replace(/\.$/, "").split(".");
  return RESERVED_TLDS.includes(labels[labels.length - 1]);
}

/**
 * An address an account is given (registration, a change of address): a valid one that can receive
 * mail. Signing in and the other forms keep `emailSchema`, so no existing account is locked out.
 */
export const accountEmailSchema = emailSchema.refine((e) => !isReservedEmailDomain(e), RESERVED_EMAIL_MESSAGE);

/** A new password: the rules of registration, of a reset and of a change of password. */
export const newPasswordSchema = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const loginSchema = z.object({
  email,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX),
});
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * Where the person was going when they registered or asked for a new mail (the sign-in pages'
 * `callbackUrl`): a path on this site, kept with the verification mail so that the verified page sends
 * them on. Anything else (another site, a malformed path) is no destination rather than an error.
 */
export const continueToSchema = z
  .string()
  .max(2048)
  .optional()
  .transform((value) => (value && safeCallbackPath(value) !== "/" ? safeCallbackPath(value) : undefined))
  .meta({ description: "The page to continue to once the address is verified: a path on this site (anything else is ignored)" });

export const registerSchema = z.object({
  name: noControlCharacters(z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(80, "Name is too long"), "Name"),
  email: accountEmailSchema,
  password: newPasswordSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The picture field of the registration form (a FileList in the browser, a File on the server). */
export const IMAGE_REQUIRED = "image is required";

const ownEmail = z.object({ email: email.transform((e) => e.toLowerCase()) });

export const isUserExistSchema = ownEmail;
export const jwtRequestSchema = ownEmail;
export const createUserSchema = ownEmail.extend({
  role: z.enum(ROLES, { error: "Unknown role" }).optional(),
});
export const updateRoleSchema = z.object({
  id: z.uuid({ error: "Unknown user id" }),
  role: z.enum(ROLES, { error: "Role must be one of admin, user, surveyor, pro_user" }),
});
export type UpdateRoleInput = z.infer<typeof updateRoleSchema>;

export const AVATAR_MAX_MB = 5;
/** GET /api/avatars/{id}: picture ids are UUIDs; anything else is answered 404. */
export const avatarIdParamsSchema = z.object({ id: z.uuid({ error: "No such picture" }).meta({ description: "The picture's id" }) });

/** The registration form in the browser: the fields above plus the picture (a FileList). */
export const registerFormSchema = registerSchema.extend({
  image: z
    .custom<FileList>((v) => typeof v === "object" && v !== null && "length" in v && (v as ArrayLike<unknown>).length > 0, IMAGE_REQUIRED)
    .refine((files) => (files[0]?.size ?? 0) <= AVATAR_MAX_MB * 1024 * 1024, `The picture must be at most ${AVATAR_MAX_MB} MB`),
});
export type RegisterFormInput = z.infer<typeof registerFormSchema>;
