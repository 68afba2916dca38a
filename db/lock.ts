import fs from "node:fs";
import path from "node:path";
import { log } from "../app/lib/log.server.ts";

// PGlite allows one process per data folder; a second opener corrupts data silently.
// The lock file holds the owner's pid and, where /proc exists, the time the owner started.
// It is taken with O_EXCL, and a lock whose owner no longer runs is stale and may be taken
// over (see docs/decisions/002 and 019). After kill -9 the pid may be handed to another
// process: a lock is only held while a process with that pid AND that start time runs.

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

/** What the lock file says: line 1 the pid, line 2 (when known) its start time in clock ticks since boot. */
type LockRecord = { pid: number; startTicks?: string };

// Folders this process holds: a second opener inside the same process is refused too
// (its own pid in the lock file would otherwise look like a lock it may take over).
const heldByThisProcess = new Set<string>();

/** The process's start time (field 22 of /proc/<pid>/stat), undefined where there is no /proc or no such process. */
function startTicksOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19];
  } catch {
    return undefined;
  }
}

/** Whether the process runs a Node.js program; undefined when the system cannot tell. */
function runsNode(pid: number): boolean | undefined {
  try {
    const program = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0] ?? "";
    return /(^|\/)node[\d.]*$/.test(program) || program === process.execPath;
  } catch {
    return undefined;
  }
}

function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether the process that wrote the lock still runs: its pid is alive and is still the same process. */
function holderIsRunning(record: LockRecord): boolean {
  if (!processIsRunning(record.pid)) return false;
  const startTicks = startTicksOf(record.pid);
  if (record.startTicks !== undefined && startTicks !== undefined) return record.startTicks === startTicks;
  // A lock written without a start time (an older version): only a Node.js program can be its holder.
  return runsNode(record.pid) ?? true;
}

function readOwner(lockPath: string): LockRecord | undefined {
  try {
    const [pidLine = "", startLine = ""] = fs.readFileSync(lockPath, "utf8").split("\n");
    const pid = Number.parseInt(pidLine.trim(), 10);
    if (!Number.isInteger(pid) || pid <= 0) return undefined;
    return /^\d+$/.test(startLine.trim()) ? { pid, startTicks: startLine.trim() } : { pid };
  } catch {
    return undefined;
  }
}

/** Returns the pid holding the data folder, or undefined when it is free. */
export function dataFolderOwner(dataDir: string): number | undefined {
  const owner = readOwner(path.join(dataDir, LOCK_FILE));
  return owner !== undefined && owner.pid !== process.pid && holderIsRunning(owner) ? owner.pid : undefined;
}

export function acquireDataFolderLock(dataDir: string): DataFolderLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const folder = fs.realpathSync(dataDir);
  if (heldByThisProcess.has(folder)) throw new DataFolderLockedError(dataDir, process.pid);
  const lockPath = path.join(dataDir, LOCK_FILE);
  const ownStart = startTicksOf(process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, ownStart ? `${process.pid}\n${ownStart}\n` : `${process.pid}\n`, { flag: "wx" });
      heldByThisProcess.add(folder);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          heldByThisProcess.delete(folder);
          if (readOwner(lockPath)?.pid === process.pid) fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readOwner(lockPath);
      if (owner !== undefined && owner.pid !== process.pid && holderIsRunning(owner)) {
        throw new DataFolderLockedError(dataDir, owner.pid);
      }
      // Stale lock (its owner is gone, or its pid now belongs to another process): remove it and try again.
      if (owner !== undefined && owner.pid !== process.pid) {
        log.warn(`Took over the data folder ${dataDir} from pid ${owner.pid}, which is no longer running this program (a crash left its lock)`, {
          stalePid: owner.pid,
        });
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${dataDir}`);
}
