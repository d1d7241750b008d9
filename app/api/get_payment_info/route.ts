// GET /api/get_payment_info: admins list payments, newest first
import { NextResponse } from "next/server";
import { toPaymentJson, paymentJsonSchema } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { answer, TOTAL_COUNT } from "@/lib/api/route-doc";
import { listPayments } from "@/lib/payments/payments";
import { pagedQuerySchema } from "@/lib/moderation/schema";
import { z } from "@/lib/validation/zod";

// The original's array of payments (`timestamp` as its date field); `?page=&limit=` pick the page
// and the total is in `X-Total-Count`.
export const GET = route({
  auth: "viewPayments",
  query: pagedQuerySchema,
  doc: {
    tag: "Admin",
    summary: "List payments",
    description: "One page of payments, newest first.",
    answers: [{ ...answer("The page's payments", z.array(paymentJsonSchema)), headers: TOTAL_COUNT }],
  },
  handler: async ({ query }) => {
    const { rows, total } = await listPayments(query);
    return NextResponse.json(rows.map(toPaymentJson), { headers: { "X-Total-Count": String(total) } });
  },
});
