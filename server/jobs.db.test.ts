import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, rowsOf, type Database } from "#db/client.ts";
import { emailOutbox, formRateLimits } from "#db/schema/index.ts";
import { reminderBooking, reminderSeminar } from "~/features/seminars/testing/reminders.ts";
import { testEngine, useTestDatabase } from "../tests/support/test-database.ts";
import { loadSettings } from "~/lib/env.server.ts";
import type { Runtime } from "~/lib/runtime.server.ts";
import { startBackgroundJobs } from "./jobs.ts";

// The background work every server instance runs (docs/decisions/020-several-instances.md):
// started together on one database they do their work once between them, and stop leaves
// nothing running.

const database = useTestDatabase(formRateLimits, emailOutbox);
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

  it("queues each seminar reminder once across restarts: a pass under way when the jobs stop is finished, and a restart doubles nothing", async () => {
    const { seminar, hoursBefore } = await reminderSeminar(database.db);
    const bookings = await Promise.all(["Ayanda", "Kagiso", "Naledi"].map((name) => reminderBooking(database.db, seminar.id, "paid", hoursBefore(200), name)));
    let clock = hoursBefore(71);
    const instances = database.url ? [await openDatabase({ kind: "postgres", url: database.url, poolSize: 2 }), await openDatabase({ kind: "postgres", url: database.url, poolSize: 2 })] : [database];
    // Every start makes a pass at once; stop waits for the pass under way, so after it the pass is known to be done.
    const startAndStop = async () => {
      const jobs = instances.map((instance) => startBackgroundJobs(runtimeOn(instance), { now: () => clock }));
      await Promise.all(jobs.map((job) => job.stop()));
    };
    const keys = async () =>
      (await database.db.select({ key: emailOutbox.dedupeKey }).from(emailOutbox)).map((row) => row.key).filter((key) => key?.startsWith("seminar-reminder:")).sort();
    const expected = (offset: number) => bookings.map((booking) => `seminar-reminder:${offset}h:${booking.id}`);
    try {
      await startAndStop();
      expect(await keys()).toEqual(expected(72).sort());
      await startAndStop();
      expect(await keys()).toEqual(expected(72).sort());
      clock = hoursBefore(23);
      await startAndStop();
      expect(await keys()).toEqual([...expected(24), ...expected(72)].sort());
    } finally {
      if (database.url) await Promise.all(instances.map((instance) => instance.close()));
    }
  });
});
