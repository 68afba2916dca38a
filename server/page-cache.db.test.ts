import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { Listener } from "#db/client.ts";
import { blogPosts, seminarBookings, seminars, users } from "#db/schema/index.ts";
import { insertSeminar } from "../tests/support/fixtures.ts";
import { testEngine, useTestDatabase } from "../tests/support/test-database.ts";
import { loadSettings } from "~/lib/env.server.ts";
import { PUBLIC_PAGES_CHANNEL } from "~/lib/shared-render.ts";
import { startBackgroundJobs } from "./jobs.ts";
import type { PageCache } from "./page-cache.ts";

// The shared renders of the public pages go when what they show changes, whoever changes it
// (docs/decisions/021-shared-page-renders.md): the database announces every committed change
// to seminars, seat bookings and blog posts on one channel, and each instance's page cache
// listens, on PostgreSQL over a connection of its own, on PGlite in its process.

const database = useTestDatabase(seminarBookings, seminars, blogPosts);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "ukr-page-cache-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Notices heard so far, and a way to wait (at most 5 s) for the next one. */
function noticeCounter() {
  let heard = 0;
  let waiting: Array<{ count: number; resolve: () => void }> = [];
  return {
    heard: () => heard,
    onNotification() {
      heard++;
      waiting = waiting.filter((wait) => (heard >= wait.count ? (wait.resolve(), false) : true));
    },
    /** Settles once `count` notices in all have been heard; fails after 5 s. */
    until(count: number): Promise<void> {
      if (heard >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`Heard ${heard} of ${count} notices within 5 s`)), 5_000);
        waiting.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
      });
    },
  };
}

let listener: Listener | undefined;
afterEach(async () => {
  await listener?.close();
  listener = undefined;
});

describe(`public page change notices (${testEngine})`, () => {
  it("announces each committed change to seminars, seat bookings and blog posts", async () => {
    const notices = noticeCounter();
    listener = database.listen(PUBLIC_PAGES_CHANNEL, { onNotification: notices.onNotification });
    await listener.ready;

    const seminar = await insertSeminar(database.db);
    await notices.until(1);
    const [contact] = await database.db.insert(users).values({ firstName: "Notice", lastName: "Test", email: `notice.${Date.now()}@example.com`, phone: "+27 82 555 0100" }).returning();
    await database.db.insert(seminarBookings).values({
      seminarId: seminar.id,
      userId: contact!.id,
      firstName: "Notice",
      lastName: "Test",
      email: "notice.test@example.com",
      phone: "+27 82 555 0100",
      preferredContact: "email",
      status: "pending",
      amountCents: seminar.priceCents,
    });
    await notices.until(2);
    await database.db.update(seminars).set({ maxAttendees: 99 }).where(eq(seminars.id, seminar.id));
    await notices.until(3);
    await database.db.insert(blogPosts).values({ title: "Notice", slug: "notice", intro: "A post about notices." });
    await notices.until(4);
    expect(notices.heard()).toBe(4);
  });

  it("announces nothing for a change rolled back, nor for tables the shared pages do not read", async () => {
    const notices = noticeCounter();
    listener = database.listen(PUBLIC_PAGES_CHANNEL, { onNotification: notices.onNotification });
    await listener.ready;

    await expect(
      database.db.transaction(async (tx) => {
        await insertSeminar(tx);
        throw new Error("rolled back on purpose");
      }),
    ).rejects.toThrow("rolled back on purpose");
    await database.db.insert(users).values({ firstName: "Not", lastName: "Shown", email: `not.shown.${Date.now()}@example.com`, phone: "+27 82 555 0101" });
    // Notices arrive in commit order: once this change's has come, any earlier one would have.
    await insertSeminar(database.db);
    await notices.until(1);
    expect(notices.heard()).toBe(1);
  });

  it("clears the page cache the background jobs were given whenever a change is announced", async () => {
    let cleared = 0;
    const clearedAgain = noticeCounter();
    const pageCache: PageCache = {
      middleware: (_req, _res, next) => next(),
      clear: () => {
        cleared++;
        clearedAgain.onNotification();
      },
      size: () => 0,
    };
    const settings = loadSettings({ DATA_DIR: dataDir, DATABASE_URL: database.url, LOG_LEVEL: "silent" });
    const jobs = startBackgroundJobs({ settings, database, db: database.db, close: async () => {} }, { pageCache });
    try {
      await jobs.ready;
      // Listening starts with a clear: what changed before was never announced to it.
      await clearedAgain.until(1);
      const before = cleared;
      await insertSeminar(database.db);
      await clearedAgain.until(before + 1);
      expect(cleared).toBeGreaterThan(before);
    } finally {
      await jobs.stop();
    }
  });
});
