import { z } from "zod";

// Shared by the forms and the route handlers; the messages are SPEC.md §5's.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "Invalid email address");

export const loginSchema = z.object({
  email,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(80, "Name is too long"),
  email,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});
export type RegisterInput = z.infer<typeof registerSchema>;
