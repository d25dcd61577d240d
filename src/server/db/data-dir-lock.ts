import { linkSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";

/** Thrown when another live process holds the embedded database's directory (ADR 0036). */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
    readonly lockPath: string,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another AisleIQ process (pid ${holderPid}; lock file ${lockPath}). ` +
        "Run one process per DATA_DIR, or set DATABASE_URL to use PostgreSQL for more than one.",
    );
    this.name = "DataDirLockedError";
  }
}

/** Whether a process with this id exists (it may belong to another user: EPERM says it exists). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Puts the lock file in place, failing with EEXIST when one is there: a hard link of the fully
 * written `staging` file, or, on a file system without hard links, an exclusive create.
 */
function place(staging: string, lockPath: string, content: string): void {
  try {
    linkSync(staging, lockPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw error;
    writeFileSync(lockPath, content, { flag: "wx" });
  }
}

/**
 * Takes the exclusive lock of an embedded database directory: the file `lockPath` holding this
 * process's id, created atomically (written aside, then hard-linked into place, so nobody ever
 * reads a half-written one). A lock whose process is gone (killed, even with SIGKILL) or whose
 * id is this process's own (a container restarted with the same pid) is stale: it is removed and
 * taken at once, so a restart never waits (ADR 0036).
 * @param dataDir the directory the lock guards (named in the error)
 * @param lockPath the lock file, beside that directory
 * @returns a function that releases the lock (only while the file is still this process's)
 * @throws DataDirLockedError when a live process holds the lock
 */
export function lockDataDir(dataDir: string, lockPath: string): () => void {
  const mine = `${process.pid}\n`;
  const staging = `${lockPath}.${process.pid}`;
  writeFileSync(staging, mine);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        place(staging, lockPath, mine);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 3) throw error;
      }
      const holder = readHolder(lockPath);
      if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(dataDir, holder, lockPath);
      }
      try {
        unlinkSync(lockPath);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
  } finally {
    try {
      unlinkSync(staging);
    } catch {
      // Already gone: nothing to tidy.
    }
  }
  return () => {
    try {
      if (readFileSync(lockPath, "utf8") === mine) unlinkSync(lockPath);
    } catch {
      // Gone already: nothing to release.
    }
  };
}
