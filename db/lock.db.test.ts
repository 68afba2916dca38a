import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn, type ChildProcess } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { holdLockInAnotherProcess, killAbruptly, runLockProbe, runProcess } from "../tests/support/processes.ts";
import { openDatabase, rowsOf, type Database } from "./client.ts";
import { acquireDataFolderLock, DataFolderLockedError, LOCK_FILE, type DataFolderLock } from "./lock.ts";
import { demoBlogPosts } from "./seed/blog-posts.ts";
import { demoSeminars } from "./seed/seminars.ts";

// The embedded database on a real data folder, whatever engine the rest of the db suite
// runs on: PGlite allows one process per folder, and everything that opens one must say no.

let dataDir: string;
let database: Database | undefined;
let lock: DataFolderLock | undefined;
let otherProcess: ChildProcess | undefined;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ukr-folder-"));
});

afterEach(async () => {
  await database?.close();
  database = undefined;
  lock?.release();
  lock = undefined;
  if (otherProcess) await killAbruptly(otherProcess);
  otherProcess = undefined;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The environment of a CLI run on the embedded database in dataDir. */
function embeddedEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return env;
}

// Creating an on-disk PGlite database and starting tsx processes are slow on a busy machine.
describe("openDatabase on an embedded data folder", { timeout: 120_000 }, () => {
  it("refuses a second process while this one has the database open; this one keeps working", async () => {
    database = await openDatabase({ kind: "pglite", dataDir });
    await database.db.execute(sql`create table visits (note text not null)`);
    await database.db.execute(sql`insert into visits values ('before')`);

    const second = await runLockProbe("open", dataDir);

    expect(second.exitCode).not.toBe(0);
    expect(second.stderr).toContain(`DataFolderLockedError: The data folder ${dataDir} is in use by another process (pid ${process.pid})`);
    expect(second.stdout).not.toContain("opened");

    await database.db.execute(sql`insert into visits values ('after')`);
    const rows = rowsOf<{ note: string }>(await database.db.execute(sql`select note from visits order by note`));
    expect(rows.map((row) => row.note)).toEqual(["after", "before"]);

    await database.close();
    database = undefined;
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const afterClose = await runLockProbe("open", dataDir);
    expect(afterClose).toMatchObject({ exitCode: 0, stdout: "opened\n" });
  });

  it("takes over, and says so in the log, a lock left by a crash whose pid another program now has", async () => {
    otherProcess = spawn("sleep", ["60"], { stdio: "ignore" });
    fs.writeFileSync(path.join(dataDir, LOCK_FILE), `${otherProcess.pid}\n`);

    const opened = await runLockProbe("open", dataDir);

    expect(opened).toMatchObject({ exitCode: 0, stdout: expect.stringContaining("opened\n") });
    const logged = opened.stdout
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: string; msg: string });
    expect(logged).toContainEqual(
      expect.objectContaining({ level: "warn", msg: expect.stringContaining(`Took over the data folder ${dataDir} from pid ${otherProcess.pid}`) }),
    );
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it("refuses this process while another process holds the folder, and creates no database", async () => {
    otherProcess = await holdLockInAnotherProcess(dataDir);

    await expect(openDatabase({ kind: "pglite", dataDir })).rejects.toThrow(DataFolderLockedError);
    await expect(openDatabase({ kind: "pglite", dataDir })).rejects.toThrow(`in use by another process (pid ${otherProcess.pid})`);
    expect(fs.existsSync(path.join(dataDir, "pgdata"))).toBe(false);
  });
});

describe("npm run db:seed on the embedded database", { timeout: 120_000 }, () => {
  const seedCli = (env: NodeJS.ProcessEnv) => runProcess("npx", ["tsx", "scripts/seed.ts"], env);

  it("refuses with a clear message while a server holds the data folder", async () => {
    lock = acquireDataFolderLock(dataDir);

    const result = await seedCli(embeddedEnv());

    expect(result).toMatchObject({ exitCode: 1, stdout: "" });
    expect(result.stderr).toContain(`npm run db:seed: The data folder ${dataDir} is in use by another process (pid ${process.pid})`);
    expect(result.stderr).toContain("Stop the running server first");
    expect(fs.existsSync(path.join(dataDir, "pgdata"))).toBe(false);
  });

  it("seeds an empty folder, then reports that it found data and changes nothing", async () => {
    // Whole results are compared so that a failure shows the CLI's stderr.
    const first = await seedCli(embeddedEnv());
    expect(first).toMatchObject({ exitCode: 0, stdout: expect.stringContaining(`Seeded demo data into the data folder ${dataDir}`) });

    const second = await seedCli(embeddedEnv());
    expect(second).toMatchObject({
      exitCode: 0,
      stdout: expect.stringContaining(`Found data already in the data folder ${dataDir}; nothing was changed.`),
    });
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

    database = await openDatabase({ kind: "pglite", dataDir });
    const [counts] = rowsOf<{ seminars: number; posts: number }>(
      await database.db.execute(sql`select (select count(*)::int from seminars) as seminars, (select count(*)::int from blog_posts) as posts`),
    );
    expect(counts).toEqual({ seminars: demoSeminars.length, posts: demoBlogPosts.length });
  });
});
