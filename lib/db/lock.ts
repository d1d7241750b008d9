import fs from "node:fs";
import path from "node:path";

/**
 * PGlite is single-process: two processes opening one folder corrupt it silently.
 * An exclusive lock file holding our pid makes a second opener fail loudly instead.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "opinex.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(fs.readFileSync(file, "utf8"), 10);
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
        throw new Error(
          `The embedded database folder ${dir} is already open in process ${holder}. ` +
            `Stop that process (or set DATA_DIR to another folder, or DATABASE_URL to a PostgreSQL server) and try again.`,
        );
      }
      // The holder died without cleaning up: the lock is stale.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database folder ${dir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
