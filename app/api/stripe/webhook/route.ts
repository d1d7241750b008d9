// POST /api/stripe/webhook: Stripe's events, signature checked on the raw body, each event acted on once
import { NextResponse, type NextRequest } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { readBodyBytes } from "@/lib/api/read-body";
import { jsonError } from "@/lib/api/handler";
import { handleStripeEvent, verifyWebhook } from "@/lib/payments/webhook";

// Not `route()`: the signature covers the exact bytes, so the body must be read raw, before any
// parsing. No cookie and no Origin either (CSRF does not apply); the signature is the authentication.
export async function POST(request: NextRequest): Promise<NextResponse> {
  try {
    const payload = await readBodyBytes(request, 512 * 1024, () => new ApiError("payload_too_large", "The request body is too large"));
    const event = verifyWebhook(payload, request.headers.get("stripe-signature"));
    return NextResponse.json(await handleStripeEvent(event));
  } catch (error) {
    if (error instanceof ApiError) return jsonError(error);
    console.error("POST /api/stripe/webhook failed", error);
    return jsonError(new ApiError("internal", "Something went wrong on our side"));
  }
}
