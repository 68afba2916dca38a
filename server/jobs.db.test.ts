import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, rowsOf, type Database } from "#db/client.ts";
import { formRateLimits } from "#db/schema/index.ts";
import { testEngine, useTestDatabase } from "../tests/support/test-database.ts";
import { loadSettings } from "~/lib/env.server.ts";
import type { Runtime } from "~/lib/runtime.server.ts";
import { startBackgroundJobs } from "./jobs.ts";

// The background work every server instance runs (docs/decisions/020-several-instances.md):
// started together on one database they do their work once between them, and stop leaves
// nothing running.

const database = useTestDatabase(formRateLimits);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "ukr-jobs-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Polls every 50 ms, up to `withinMs`, until `check` is true. */
async function within(withinMs: number, check: () => Promise<boolean>): Promise<boolean> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > withinMs) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

function runtimeOn(instance: Database): Runtime {
  const settings = loadSettings({ DATA_DIR: dataDir, DATABASE_URL: database.url, LOG_LEVEL: "silent" });
  return { settings, database: instance, db: instance.db, close: () => instance.close() };
}

/** Connections of this database's server instances that listen for blog changes. */
async function blogListeners(): Promise<number> {
  const [row] = rowsOf<{ count: number }>(
    await database.db.execute(sql`select count(*)::int as count from pg_stat_activity where datname = current_database() and application_name = 'ukrelocate blog cache'`),
  );
  return row!.count;
}

describe(`background work of several instances (${testEngine})`, () => {
  it("forgets rate-limit windows older than a day, keeps current ones, and stops without leaving a connection", async () => {
    const now = Date.now();
    await database.db.insert(formRateLimits).values([
      { key: "public-form:203.0.113.7", count: 8, windowStartedAt: new Date(now - 2 * 86_400_000) },
      { key: "seat-hold:203.0.113.8", count: 3, windowStartedAt: new Date(now - 60_000) },
    ]);
    // On PostgreSQL two instances, each with its own connections; the embedded database has one process.
    const instances = database.url ? [await openDatabase({ kind: "postgres", url: database.url, poolSize: 2 }), await openDatabase({ kind: "postgres", url: database.url, poolSize: 2 })] : [database];
    const jobs = instances.map((instance) => startBackgroundJobs(runtimeOn(instance)));
    try {
      await Promise.all(jobs.map((job) => job.ready));
      const keys = async () => (await database.db.select({ key: formRateLimits.key }).from(formRateLimits)).map((row) => row.key);
      expect(await within(5000, async () => !(await keys()).includes("public-form:203.0.113.7")), "the day-old window is pruned").toBe(true);
      expect(await keys()).toEqual(["seat-hold:203.0.113.8"]);
      if (database.url) expect(await blogListeners()).toBe(2);
    } finally {
      await Promise.all(jobs.map((job) => job.stop()));
      if (database.url) await Promise.all(instances.map((instance) => instance.close()));
    }
    if (database.url) expect(await within(2000, async () => (await blogListeners()) === 0), "no listening connection is left").toBe(true);
  });
});
