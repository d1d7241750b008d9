import "server-only";
import { ApiError } from "@/lib/api/errors";
import { getEnv } from "@/lib/env";

// Read at request time: NEXT_PUBLIC_* values would otherwise be frozen into the build.

/** Whether this site can take payments: both the secret and the publishable key are set. */
export function paymentsConfigured(): boolean {
  const env = getEnv();
  return Boolean(env.STRIPE_SECRET_KEY && env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY);
}

/** The publishable key for the card form, or null when payments are not configured. */
export function publishableKey(): string | null {
  return paymentsConfigured() ? getEnv().NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY! : null;
}

export const notConfigured = () =>
  new ApiError("service_unavailable", "Payments are not configured on this site. Please try again later.");
