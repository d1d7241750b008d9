import type { ZodType } from "zod";
import { route, type RouteHandler } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import type { CurrentUser } from "@/lib/auth/guards";
import { assertSelf, type Action } from "@/lib/auth/permissions";
import { ownIdentityBodySchema } from "@/lib/votes/schema";
import { z } from "@/lib/validation/zod";

type OwnListRoute<Row> = {
  auth: Action;
  summary: string;
  description: string;
  /** One entry of the answer. */
  item: ZodType;
  list: (userId: string) => Promise<Row[]>;
  toJson: (row: Row, user: CurrentUser) => unknown;
};

/**
 * A list of the caller's own surveys as the original client asks for it: a read sent as POST, with the
 * caller's own email and name in the body, refused when they are someone else's.
 */
export function ownListRoute<Row>({ auth, summary, description, item, list, toJson }: OwnListRoute<Row>): RouteHandler {
  return route({
    auth,
    body: ownIdentityBodySchema,
    maxBodyBytes: 4 * 1024,
    doc: { tag: "Voting", summary, description, who: "own data only", answers: [answer("The surveys", z.array(item))] },
    handler: async ({ user, body }) => {
      assertSelf(user, { email: body.userEmail, name: body.userName });
      const rows = await list(user.id);
      return rows.map((row) => toJson(row, user));
    },
  });
}
