import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { idColumn, createdAtColumn } from "./columns";
import { users } from "./users";

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: idColumn(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    createdAt: createdAtColumn(),
    // An admin marked it handled (replying does too); null while it waits for an answer.
    handledAt: timestamp("handled_at", { withTimezone: true, mode: "date" }),
    handledBy: uuid("handled_by").references(() => users.id, { onDelete: "set null" }),
    // When an admin last replied by mail (through the outbox); the reply itself is the mail's.
    repliedAt: timestamp("replied_at", { withTimezone: true, mode: "date" }),
  },
  // The admins' inbox, newest first; and the messages still waiting for an answer, newest first.
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("contact_messages_open_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.handledAt} is null`),
  ],
);
