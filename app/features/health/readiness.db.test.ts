import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "#db/client.ts";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database.ts";
import { checkReadiness, isAlive } from "./readiness.server.ts";

// Runs on the engine of the run: in-memory PGlite, or PostgreSQL when DATABASE_URL is set.

describe("readiness", () => {
  let migrated: TestDatabase;
  let empty: TestDatabase;
  let extraFolder: string;

  beforeAll(async () => {
    migrated = await createTestDatabase();
    empty = await createTestDatabase({ migrate: false });
    // A migrations folder whose journal has one more entry than the database has applied.
    extraFolder = fs.mkdtempSync(path.join(os.tmpdir(), "ukr-readiness-"));
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as {
      entries: { idx: number; when: number; tag: string }[];
    };
    const last = journal.entries.at(-1)!;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: "9999_not_applied" });
    fs.mkdirSync(path.join(extraFolder, "meta"));
    fs.writeFileSync(path.join(extraFolder, "meta/_journal.json"), JSON.stringify(journal));
  });
  afterAll(async () => {
    await migrated?.close();
    await empty?.close();
    fs.rmSync(extraFolder, { recursive: true, force: true });
  });

  it("is ready when the database answers and every migration of the journal is applied", async () => {
    expect(await checkReadiness(migrated.db)).toEqual({ ready: true });
  });

  it("is not ready on a database that was never migrated, and says why", async () => {
    const readiness = await checkReadiness(empty.db);
    expect(readiness.ready).toBe(false);
    expect(readiness).toMatchObject({ reason: expect.stringMatching(/no migrations applied/) });
  });

  it("is not ready when the journal has a migration the database has not applied, and names it", async () => {
    const readiness = await checkReadiness(migrated.db, { migrationsFolder: extraFolder });
    expect(readiness).toEqual({ ready: false, reason: "1 migration pending: 9999_not_applied" });
  });

  it("is not ready when the migrations journal cannot be read", async () => {
    const readiness = await checkReadiness(migrated.db, { migrationsFolder: path.join(extraFolder, "missing") });
    expect(readiness).toMatchObject({ ready: false, reason: expect.stringMatching(/journal/) });
  });

  it("is not ready when the database does not answer, and says so without the database's own words", async () => {
    const closed = await createTestDatabase();
    await closed.close();
    const rawError = await closed.db.execute(sql`select 1`).then(
      () => "",
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(rawError).not.toBe("");

    const readiness = await checkReadiness(closed.db);

    // /readyz is public: the driver's message (host names, database names, versions) stays in the server log.
    expect(readiness).toEqual({ ready: false, reason: "database not reachable" });
    expect(JSON.stringify(readiness)).not.toContain(rawError);
  });
});

describe("readiness while shutting down", () => {
  it("answers not ready once the instance starts draining, however healthy the database", async () => {
    const database = await createTestDatabase();
    try {
      const { startDraining } = await import("./readiness.server.ts");
      expect(await checkReadiness(database.db)).toEqual({ ready: true });
      startDraining();
      expect(await checkReadiness(database.db)).toEqual({ ready: false, reason: "shutting down" });
    } finally {
      await database.close();
    }
  });
});

/** Resolves with the promise's value, or with "no answer" once `ms` have passed: a bound on "answered at all". */
function within<T>(work: Promise<T>, ms: number): Promise<T | "no answer"> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<"no answer">((resolve) => {
    timer = setTimeout(() => resolve("no answer"), ms);
  });
  return Promise.race([work, bound]).finally(() => clearTimeout(timer));
}

describe(`liveness while the database is busy (${testEngine})`, () => {
  it("answers within a second while every connection of the site is taken, and again once they are free", async () => {
    // PostgreSQL: a pool of one, held by a transaction. PGlite: its one connection, held the same way.
    const database = await createTestDatabase({ poolSize: 1 });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let taken!: () => void;
    const isTaken = new Promise<void>((resolve) => (taken = resolve));
    const holder = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      taken();
      await released;
    });
    try {
      await isTaken;
      // PostgreSQL answers on the health check's own connection; PGlite cannot, and says so in time.
      expect(await within(isAlive(database), 1_000)).toBe(testEngine === "postgres");
    } finally {
      release();
      await holder;
    }
    expect(await within(isAlive(database), 1_000)).toBe(true);
    await database.close();
  });
});
