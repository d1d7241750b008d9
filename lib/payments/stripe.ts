import "server-only";
import Stripe from "stripe";
import { ApiError } from "@/lib/api/errors";
import { getEnv } from "@/lib/env";
import { notConfigured, paymentsConfigured } from "@/lib/payments/config";

/** `STRIPE_API_URL` (e.g. http://localhost:12111) as stripe-node's host, port and protocol. */
export function stripeHostOptions(apiUrl: string | undefined): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: Number(url.port || (protocol === "http" ? 80 : 443)), protocol };
}

let client: Stripe | undefined;

/** The one Stripe client of the process; a 503 ApiError when payments are not configured. */
export function getStripe(): Stripe {
  if (client) return client;
  const env = getEnv();
  if (!paymentsConfigured()) throw notConfigured();
  client = new Stripe(env.STRIPE_SECRET_KEY!, {
    ...stripeHostOptions(env.STRIPE_API_URL),
    // A slow provider must not hold a request for Stripe's default 80 s.
    timeout: 20_000,
    maxNetworkRetries: 2,
    appInfo: { name: "OPINEX" },
  });
  return client;
}

/**
 * Stripe's errors as the API's: a missing object is 404, a request Stripe refused is 422 with its
 * message, and anything about reaching or authenticating with Stripe is 503 (logged, not shown).
 */
export function stripeFailure(error: unknown, what: string): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof Stripe.errors.StripeError) {
    if (error.type === "StripeInvalidRequestError" && error.code === "resource_missing") {
      return new ApiError("not_found", `No such ${what}`);
    }
    if (error.type === "StripeCardError" || error.type === "StripeInvalidRequestError") {
      console.error(`Stripe refused a request about a ${what}`, error.message);
      return new ApiError("unprocessable", error.message);
    }
  }
  console.error(`Stripe is unavailable (${what})`, error);
  return new ApiError("service_unavailable", "The payment provider is not reachable right now. Please try again in a moment.");
}
