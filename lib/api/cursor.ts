import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { z } from "@/lib/validation/zod";
import { ApiError } from "./errors";

// Cursor paging of the /api/v1 lists (docs/integrations.md): newest first by `(created_at, id)`, each
// page starting strictly after the last row of the one before, over an index on those columns. Rows
// added meanwhile land before the first page and never shift the later ones (no duplicates, no skips),
// which page numbers cannot promise. The cursor is opaque to clients: base64url of a small JSON.
//
// PostgreSQL keeps microseconds and a JS Date milliseconds: a cursor made from a Date alone would
// skip the rows sharing its millisecond. Select the row's time with `exactTime` and pass it as
// `exact`; `olderThan` compares with it whenever the cursor carries it.

export type CursorPosition = {
  createdAt: Date;
  id: string;
  /** The row's creation time to the microsecond, as `exactTime` selects it. */
  exact?: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// An ISO time in UTC with up to six digits of fraction: what `exactTime` and `toISOString` write.
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify({ t: position.exact ?? position.createdAt.toISOString(), id: position.id })).toString("base64url");
}

/** The position a cursor names; null when it is not one of ours (the caller answers 400). */
export function decodeCursor(text: string): (CursorPosition & { exact: string }) | null {
  if (text.length > 200 || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (typeof value !== "object" || value === null) return null;
    const { t, id } = value as Record<string, unknown>;
    if (typeof t !== "string" || typeof id !== "string" || !ISO_UTC.test(t) || !UUID.test(id)) return null;
    const createdAt = new Date(t);
    if (Number.isNaN(createdAt.getTime())) return null;
    return { createdAt, id: id.toLowerCase(), exact: t };
  } catch {
    return null;
  }
}

/** The position of a query's `cursor`, if it sent one; a cursor that is not one of ours is 400. */
export function readCursor(text: string | undefined): (CursorPosition & { exact: string }) | null {
  if (text === undefined || text === "") return null;
  const position = decodeCursor(text);
  if (!position) throw new ApiError("bad_request", "cursor is not a cursor this API gave: send the nextCursor of the previous page, or none");
  return position;
}

/** A timestamp column to the microsecond, in UTC, as text a cursor carries. */
export const exactTime = (column: PgColumn | SQL) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The rows after `cursor` in newest-first order: `(created_at, id) < (cursor)`, a row comparison
 * PostgreSQL answers from an index ending in `(created_at, id)`.
 */
export function olderThan(table: { createdAt: PgColumn; id: PgColumn }, cursor: CursorPosition): SQL {
  const at = cursor.exact ?? cursor.createdAt.toISOString();
  return sql`(${table.createdAt}, ${table.id}) < (${at}::timestamptz, ${cursor.id}::uuid)`;
}

/** The rows after `cursor` in oldest-first order: `(created_at, id) > (cursor)`. */
export function newerThan(table: { createdAt: PgColumn; id: PgColumn }, cursor: CursorPosition): SQL {
  const at = cursor.exact ?? cursor.createdAt.toISOString();
  return sql`(${table.createdAt}, ${table.id}) > (${at}::timestamptz, ${cursor.id}::uuid)`;
}

export const CURSOR_LIMIT_MAX = 100;
export const CURSOR_LIMIT_DEFAULT = 20;

/** The query of a cursor-paged list: `?cursor=&limit=`. Spread it into the route's query schema. */
export const cursorQuery = {
  cursor: z.string().max(200).optional().meta({ description: "The `nextCursor` of the previous page; leave out for the first page" }),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${CURSOR_LIMIT_MAX}` })
    .int(`limit must be a whole number from 1 to ${CURSOR_LIMIT_MAX}`)
    .min(1, `limit must be a whole number from 1 to ${CURSOR_LIMIT_MAX}`)
    .max(CURSOR_LIMIT_MAX, `limit must be a whole number from 1 to ${CURSOR_LIMIT_MAX}`)
    .default(CURSOR_LIMIT_DEFAULT)
    .meta({ description: `How many rows a page holds, 1 to ${CURSOR_LIMIT_MAX}` }),
};

/**
 * One page from `rows` fetched with `limit + 1`: the extra row only says there is a next page, whose
 * cursor is the last row shown. `exact` reads a row's microsecond time when it was selected.
 */
export function cursorPage<T extends { createdAt: Date; id: string }>(rows: T[], limit: number, exact?: (row: T) => string): { data: T[]; nextCursor: string | null } {
  const data = rows.slice(0, limit);
  const last = data.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id, exact: exact?.(last) }) : null;
  return { data, nextCursor };
}
