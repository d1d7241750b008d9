// GET /api/get_payment_info: admins list payments, newest first
import { toPaymentJson, paymentJsonSchema } from "@/lib/api/contract";
import { pagedListRoute } from "@/lib/api/paged";
import { listPayments } from "@/lib/payments/payments";
import { pagedQuerySchema } from "@/lib/moderation/schema";

// The original's array of payments (`timestamp` as its date field); `?page=&limit=` pick the page
// and the total is in `X-Total-Count`.
export const GET = pagedListRoute(listPayments, toPaymentJson, {
  auth: "viewPayments",
  query: pagedQuerySchema,
  doc: { summary: "List payments", description: "One page of payments, newest first.", answer: "The page's payments", item: paymentJsonSchema },
});
