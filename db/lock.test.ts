import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn, type ChildProcess } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { holdLockInAnotherProcess, killAbruptly, runLockProbe } from "../tests/support/processes.ts";
import { acquireDataFolderLock, DataFolderLockedError, dataFolderOwner, LOCK_FILE, type DataFolderLock } from "./lock.ts";

// The lock is per process, so "a second opener is refused" is shown with real second
// processes (tests/support/lock-probe.ts), never by acquiring twice in this one.

let root: string;
let dataDir: string;
let lockPath: string;
let lock: DataFolderLock | undefined;
let otherProcess: ChildProcess | undefined;
let otherProgram: ChildProcess | undefined;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "ukr-lock-"));
  dataDir = path.join(root, "data");
  lockPath = path.join(dataDir, LOCK_FILE);
});

afterEach(async () => {
  lock?.release();
  lock = undefined;
  if (otherProcess) await killAbruptly(otherProcess);
  otherProcess = undefined;
  if (otherProgram) await killAbruptly(otherProgram);
  otherProgram = undefined;
  fs.rmSync(root, { recursive: true, force: true });
});

/** The pid the lock file names (its first line). */
const lockFileOwner = () => fs.readFileSync(lockPath, "utf8").split("\n")[0]!.trim();

/** A live process that is not a server of ours: what a crashed server's pid may be handed to. */
function startAnotherProgram(): ChildProcess {
  otherProgram = spawn("sleep", ["60"], { stdio: "ignore" });
  return otherProgram;
}

// Each second process starts tsx, which takes a second or two on a busy machine.
describe("data-folder lock", { timeout: 30_000 }, () => {
  it("is taken on a folder that does not exist yet, and records this process", () => {
    lock = acquireDataFolderLock(dataDir);

    expect(fs.existsSync(lockPath)).toBe(true);
    expect(lockFileOwner()).toBe(String(process.pid));
  });

  it("release removes the lock file, and releasing twice is harmless", () => {
    lock = acquireDataFolderLock(dataDir);
    lock.release();
    lock.release();

    expect(fs.existsSync(lockPath)).toBe(false);
    expect(dataFolderOwner(dataDir)).toBeUndefined();
  });

  it("refuses a second process while this one holds the folder; the holder keeps it", async () => {
    lock = acquireDataFolderLock(dataDir);

    const second = await runLockProbe("acquire", dataDir);

    expect(second.exitCode).not.toBe(0);
    expect(second.stderr).toContain("DataFolderLockedError");
    expect(second.stderr).toContain(`The data folder ${dataDir} is in use by another process (pid ${process.pid})`);
    expect(second.stdout).not.toContain("acquired");
    expect(lockFileOwner()).toBe(String(process.pid));

    lock.release();
    lock = undefined;
    const afterRelease = await runLockProbe("acquire", dataDir);
    expect(afterRelease).toMatchObject({ exitCode: 0, stdout: "acquired\n" });
  });

  it("refuses this process while another running process holds the folder", async () => {
    otherProcess = await holdLockInAnotherProcess(dataDir);
    const holderPid = otherProcess.pid!;

    expect(dataFolderOwner(dataDir)).toBe(holderPid);
    let refusal: unknown;
    try {
      lock = acquireDataFolderLock(dataDir);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataFolderLockedError);
    expect(refusal).toMatchObject({ dataDir, ownerPid: holderPid });
    expect(lockFileOwner()).toBe(String(holderPid));
  });

  it("takes over a stale lock whose owner died without releasing it", async () => {
    otherProcess = await holdLockInAnotherProcess(dataDir);
    const deadPid = otherProcess.pid!;
    await killAbruptly(otherProcess);

    expect(lockFileOwner()).toBe(String(deadPid));
    expect(dataFolderOwner(dataDir)).toBeUndefined();

    lock = acquireDataFolderLock(dataDir);
    expect(lockFileOwner()).toBe(String(process.pid));
  });

  it("takes over a lock whose pid now belongs to another program (reused after a crash)", () => {
    const reused = startAnotherProgram().pid!;
    fs.mkdirSync(dataDir, { recursive: true });
    // As a server killed with kill -9 left it: its pid, now another process's.
    fs.writeFileSync(lockPath, `${reused}\n`);

    expect(dataFolderOwner(dataDir)).toBeUndefined();
    lock = acquireDataFolderLock(dataDir);
    expect(lockFileOwner()).toBe(String(process.pid));
  });

  it("takes over a lock whose pid is running again but started after the lock was written", () => {
    const reused = startAnotherProgram().pid!;
    fs.mkdirSync(dataDir, { recursive: true });
    // The holder's start time is recorded; the process with that pid now started later.
    fs.writeFileSync(lockPath, `${reused}\n1\n`);

    expect(dataFolderOwner(dataDir)).toBeUndefined();
    lock = acquireDataFolderLock(dataDir);
    expect(lockFileOwner()).toBe(String(process.pid));
  });

  it("still refuses a running holder whose lock file names only its pid (written before start times were recorded)", async () => {
    otherProcess = await holdLockInAnotherProcess(dataDir);
    const holderPid = otherProcess.pid!;
    fs.writeFileSync(lockPath, `${holderPid}\n`);

    expect(dataFolderOwner(dataDir)).toBe(holderPid);
    expect(() => acquireDataFolderLock(dataDir)).toThrow(DataFolderLockedError);
  });

  it("takes over a lock file that holds no pid", () => {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(lockPath, "not a pid\n");

    lock = acquireDataFolderLock(dataDir);

    expect(lockFileOwner()).toBe(String(process.pid));
  });
});

describe("a second opener in the same process", () => {
  it("is refused while this process holds the folder, and allowed after release", () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "ukr-same-process-"));
    const first = acquireDataFolderLock(folder);
    expect(() => acquireDataFolderLock(folder)).toThrow(DataFolderLockedError);
    first.release();
    acquireDataFolderLock(folder).release();
    fs.rmSync(folder, { recursive: true, force: true });
  });
});
