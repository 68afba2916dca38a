import fs from "node:fs";
import path from "node:path";

// PGlite allows one process per data folder; a second opener corrupts data silently.
// The lock file holds the owner's pid. It is taken with O_EXCL, and a lock whose
// owner no longer runs is stale and may be taken over (see docs/decisions/002).

export const LOCK_FILE = "server.lock";

export class DataFolderLockedError extends Error {
  override name = "DataFolderLockedError";
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another process (pid ${ownerPid}). ` +
        `Stop the running server first: the embedded database allows one process at a time.`,
    );
  }
}

export type DataFolderLock = { release(): void };

// Folders this process holds: a second opener inside the same process is refused too
// (its own pid in the lock file would otherwise look like a lock it may take over).
const heldByThisProcess = new Set<string>();

function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Returns the pid holding the data folder, or undefined when it is free. */
export function dataFolderOwner(dataDir: string): number | undefined {
  const owner = readOwner(path.join(dataDir, LOCK_FILE));
  return owner !== undefined && owner !== process.pid && processIsRunning(owner) ? owner : undefined;
}

export function acquireDataFolderLock(dataDir: string): DataFolderLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const folder = fs.realpathSync(dataDir);
  if (heldByThisProcess.has(folder)) throw new DataFolderLockedError(dataDir, process.pid);
  const lockPath = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, `${process.pid}\n`, { flag: "wx" });
      heldByThisProcess.add(folder);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          heldByThisProcess.delete(folder);
          if (readOwner(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readOwner(lockPath);
      if (owner !== undefined && owner !== process.pid && processIsRunning(owner)) {
        throw new DataFolderLockedError(dataDir, owner);
      }
      // Stale lock (its owner is gone): remove it and try again.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${dataDir}`);
}
