// PGlite is a single-process database: two processes writing one data directory would corrupt
// it. The process that opens it records its pid; another process refuses while that pid lives.
import fs from "node:fs";
import path from "node:path";

const LOCK_NAME = "owner.pid";

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The pid of another live process holding the directory, or null. */
export function embeddedDatabaseHolder(dir: string): number | null {
  const file = path.join(dir, LOCK_NAME);
  let pid: number;
  try {
    pid = Number(fs.readFileSync(file, "utf8").trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  return pidAlive(pid) ? pid : null;
}

export class EmbeddedDatabaseBusy extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dir} is in use by another process (pid ${pid}, probably the running server). ` +
        `It cannot be shared between processes: stop that process first, or run both with DATABASE_URL pointing at a PostgreSQL server.`,
    );
  }
}

/** Claims the directory for this process, or throws EmbeddedDatabaseBusy. */
export function claimEmbeddedDatabase(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  const holder = embeddedDatabaseHolder(dir);
  if (holder !== null) throw new EmbeddedDatabaseBusy(dir, holder);
  const file = path.join(dir, LOCK_NAME);
  fs.writeFileSync(file, String(process.pid));
  const release = () => {
    try {
      if (fs.readFileSync(file, "utf8").trim() === String(process.pid)) fs.unlinkSync(file);
    } catch {
      /* already gone */
    }
  };
  process.once("exit", release);
}
