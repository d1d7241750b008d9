import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase, queryRows } from "./client";

const run = promisify(execFile);

describe("embedded database lock", () => {
  it("refuses a second process on the same DATA_DIR, naming the folder and the holder, while the first keeps its data", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "opinex-lock-"));
    const first = await openDatabase({ dataDir: dir });
    try {
      await first.db.execute(sql`insert into contact_messages (name, email, message) values ('a', 'a@b.c', 'kept')`);
      const script = `import { openDatabase } from "./lib/db/client.ts";
        try { await openDatabase({ dataDir: ${JSON.stringify(dir)} }); console.log("OPENED"); }
        catch (e) { console.log(e.message); process.exit(3); }`;
      const child = run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: process.cwd() });
      const failure = await child.then(
        () => null,
        (e: { code: number; stdout: string }) => e,
      );
      expect(failure?.code).toBe(3);
      expect(failure?.stdout).toContain(dir);
      expect(failure?.stdout).toContain(`process ${process.pid}`);

      const rows = await queryRows<{ message: string }>(first.db, sql`select message from contact_messages`);
      expect(rows.map((r) => r.message)).toEqual(["kept"]);
    } finally {
      await first.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("takes over a lock left by a process that no longer exists", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "opinex-lock-"));
    fs.writeFileSync(path.join(dir, "opinex.lock"), "999999");
    const db = await openDatabase({ dataDir: dir });
    await db.close();
    expect(fs.existsSync(path.join(dir, "opinex.lock"))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
