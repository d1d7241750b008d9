// GET /api/get_payment_info: admins list payments, newest first
import { NextResponse } from "next/server";
import { toPaymentJson } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { rolesFor } from "@/lib/auth/permissions";
import { listPayments } from "@/lib/services/payments";
import { pagedQuerySchema } from "@/lib/validation/admin";

// The original's array of payments (`timestamp` as its date field); `?page=&limit=` pick the page
// and the total is in `X-Total-Count`.
export const GET = route({
  auth: rolesFor("viewPayments"),
  query: pagedQuerySchema,
  handler: async ({ query }) => {
    const { rows, total } = await listPayments(query);
    return NextResponse.json(rows.map(toPaymentJson), { headers: { "X-Total-Count": String(total) } });
  },
});
