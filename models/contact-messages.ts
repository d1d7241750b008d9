import { index, pgTable, text } from "drizzle-orm/pg-core";
import { idColumn, createdAtColumn } from "./columns";

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: idColumn(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    createdAt: createdAtColumn(),
  },
  // The admins' inbox, newest first.
  (t) => [index("contact_messages_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);
