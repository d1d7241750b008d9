// A paged admin list answers the original's plain array, one page of it, with the count of all pages'
// rows in `X-Total-Count`.
import { NextResponse } from "next/server";
import type { ZodType } from "zod";
import { route, type RouteHandler } from "@/lib/api/handler";
import { answer, TOTAL_COUNT, type RouteDoc } from "@/lib/api/route-doc";
import type { Action } from "@/lib/auth/permissions";
import { z } from "@/lib/validation/zod";

type PagedListRoute<Q extends ZodType> = {
  auth: Action;
  /** The page and its filters. */
  query: Q;
  /** The route's own description; its answer is added here, as `answer` over `item`s. */
  doc: Omit<RouteDoc, "tag" | "answers"> & { answer: string; item: ZodType };
};

/** An admin's list: the page `list` reads, each row as `toJson` writes it, with the total in a header. */
export function pagedListRoute<Q extends ZodType, Row>(
  list: (query: z.infer<Q>) => Promise<{ rows: Row[]; total: number }>,
  toJson: (row: Row) => unknown,
  { auth, query, doc: { answer: description, item, ...doc } }: PagedListRoute<Q>,
): RouteHandler {
  return route({
    auth,
    query,
    doc: { tag: "Admin", ...doc, answers: [{ ...answer(description, z.array(item)), headers: TOTAL_COUNT }] },
    handler: async ({ query: q }) => {
      const { rows, total } = await list(q);
      return NextResponse.json(rows.map((row) => toJson(row)), { headers: { "X-Total-Count": String(total) } });
    },
  });
}
