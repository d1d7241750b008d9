import { sql } from "drizzle-orm";
import { Client } from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase, queryRows } from "./client";

const serverUrl = process.env.DATABASE_URL;

describe("PostgreSQL server connections", () => {
  // Only meaningful against a server (CI runs the suite on one with TEST_DATABASE_URL).
  it.skipIf(!serverUrl)("survive the server closing idle connections: no crash, the next query reconnects", async () => {
    const database = await openDatabase({ url: serverUrl });
    try {
      await queryRows(database.db, sql`select 1`);
      const admin = new Client({ connectionString: serverUrl });
      await admin.connect();
      const [{ name }] = (await admin.query("select current_database() as name")).rows;
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [name]);
      await admin.end();
      // Give the terminated connections' error events time to arrive (an unhandled one fails the run).
      await new Promise((resolve) => setTimeout(resolve, 200));
      const rows = await queryRows<{ ok: number }>(database.db, sql`select 1 as ok`);
      expect(rows).toEqual([{ ok: 1 }]);
    } finally {
      await database.close();
    }
  });
});
