// Column shapes most tables share. Each is a function: a Drizzle column builder belongs to one table.
import { timestamp, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";

/** A random uuid primary key. */
export const idColumn = () => uuid("id").primaryKey().defaultRandom();

/** When the row was made, by the database clock. */
export const createdAtColumn = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

/** A required link to the row this one belongs to, deleted with it. */
export const belongsTo = (name: string, target: () => AnyPgColumn) => uuid(name).notNull().references(target, { onDelete: "cascade" });
