import { z } from "zod";

// Request bodies of the payment calls (the original client's payloads), shared by the form and the routes.
export const paymentIntentIdSchema = z
  .string()
  .trim()
  .regex(/^pi_[A-Za-z0-9_]{1,200}$/, "A payment intent id such as pi_…");

/** `POST /api/create-payment-intent`: the client's amount is accepted and ignored (the server sets 1600 USD). */
export const createPaymentIntentSchema = z.object({ amount: z.unknown().optional() }).loose();

/** `POST /api/save-payment`: only the intent id is used; the rest is what Stripe says, not what the body says. */
export const savePaymentSchema = z.object({
  paymentIntentId: paymentIntentIdSchema,
  amount: z.unknown().optional(),
  currency: z.unknown().optional(),
  user: z
    .object({ email: z.string().max(320).nullish(), displayName: z.string().max(200).nullish() })
    .loose()
    .nullish(),
});

export const confirmUpgradeSchema = z.object({
  role: z.literal("pro_user", { error: "Only the pro_user upgrade can be confirmed here" }),
});

// Next hands route params over already decoded.
export const emailParamsSchema = z.object({ email: z.email({ error: "No such user" }).max(320).meta({ description: "The account's email" }) });
