import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#db/client.ts";
import { seminarBookings, seminars } from "#db/schema/index.ts";
import { addDays, todayIn } from "~/lib/format.ts";
import { loadSettings } from "~/lib/env.server.ts";
import { postToBookingPage, type BookingAnswer } from "../../../../tests/support/booking-action.ts";
import { parseEventFilters } from "../events/filters.ts";
import { eventsPage } from "../events/listing.server.ts";
import { releaseAllLapsedHolds } from "../seats/holds.server.ts";
import { insertSeminar, seminarById, visitor } from "../../../../tests/support/fixtures.ts";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../../tests/support/test-database.ts";

// Issue 15: 400 tries at a full seminar from one address each waited on the seminar's row
// lock, holding a pool connection, and the site stopped answering. A try that cannot take a
// seat is refused from a plain read, before the lock; a try that must wait for the lock
// waits at most lock_timeout and is told "busy", never left hanging (docs/decisions/018).
// Holding a row lock in another connection needs PostgreSQL: PGlite has one connection.

const BUSY = "We're busy right now, so nothing was saved. Please try again in a moment.";
const settings = loadSettings({ SITE_URL: "https://thula.example", LOG_LEVEL: "silent", SEAT_HOLDS_PER_ADDRESS: "1000" });
const form = { intent: "book", ...visitor };

/** The answer, or "no answer" once `ms` have passed: a bound on "answered at all", far below the lock's own wait. */
function within(work: Promise<BookingAnswer>, ms: number): Promise<BookingAnswer | "no answer"> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<"no answer">((resolve) => {
    timer = setTimeout(() => resolve("no answer"), ms);
  });
  return Promise.race([work, bound]).finally(() => clearTimeout(timer));
}

/** Another visitor's transaction, on its own connection, holding these seminars' row locks until released. */
async function lockSeminarsElsewhere(db: Db, seminarIds: string[]) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const done = db.transaction(async (tx) => {
    for (const id of seminarIds) await tx.select({ id: seminars.id }).from(seminars).where(eq(seminars.id, id)).for("update");
    locked();
    await released;
  });
  await Promise.race([isLocked, done]);
  return async () => {
    release();
    await done;
  };
}

describe.runIf(testEngine === "postgres")("booking while a seminar's row is locked elsewhere (postgres)", () => {
  describe("with a short lock wait", () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase({ timeLimits: { lockTimeoutMs: 300 } });
    });
    afterAll(async () => {
      await database?.close();
    });

    it("a try that has to wait for the lock gets the busy answer (503, Retry-After, everything typed kept) and takes no seat", async () => {
      const { db } = database;
      const seminar = await insertSeminar(db, { maxAttendees: 20 });
      const unlock = await lockSeminarsElsewhere(db, [seminar.id]);
      let answer: BookingAnswer | "no answer";
      try {
        answer = await within(postToBookingPage({ db, settings }, "198.51.100.40", seminar.id, { ...form, email: "patient@example.com", notes: "Two of us" }), 10_000);
      } finally {
        await unlock();
      }
      expect(answer).not.toBe("no answer");
      const busy = answer as BookingAnswer;
      expect(busy.status).toBe(503);
      expect(Number(busy.retryAfter)).toBeGreaterThan(0);
      expect(busy.body).toMatchObject({ ok: false, intent: "book", message: BUSY, values: { email: "patient@example.com", notes: "Two of us", firstName: "Thandi" } });
      expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(0);
      expect(await db.select().from(seminarBookings).where(eq(seminarBookings.seminarId, seminar.id))).toEqual([]);

      // Once the lock is gone the same try goes through.
      expect((await postToBookingPage({ db, settings }, "198.51.100.40", seminar.id, { ...form, email: "patient@example.com" })).status).toBe(200);
    });
  });

  describe("lapsed holds, with a short lock wait", () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase({ timeLimits: { lockTimeoutMs: 300 } });
    });
    afterAll(async () => {
      await database?.close();
    });

    it("the events list and the sweeper free what they can and leave a seminar locked elsewhere for later, instead of failing", async () => {
      const { db } = database;
      const longAgo = new Date(Date.now() - 31 * 60_000);
      const busy = await insertSeminar(db, { maxAttendees: 5 });
      const quiet = await insertSeminar(db, { maxAttendees: 5 });
      for (const seminar of [busy, quiet]) {
        expect((await postToBookingPage({ db, settings }, "198.51.100.43", seminar.id, { ...form, email: `lapsing.${seminar.id}@example.com` })).status).toBe(200);
      }
      await db.update(seminarBookings).set({ holdExpiresAt: longAgo });
      const unlock = await lockSeminarsElsewhere(db, [busy.id]);
      let page: Awaited<ReturnType<typeof eventsPage>> | undefined;
      try {
        page = await eventsPage(db, parseEventFilters(new URLSearchParams(), todayIn("Africa/Johannesburg")));
        await releaseAllLapsedHolds(db, { siteUrl: settings.siteUrl });
      } finally {
        await unlock();
      }
      expect(page!.seminars.map((seminar) => seminar.id)).toEqual(expect.arrayContaining([busy.id, quiet.id]));
      expect((await seminarById(db, quiet.id))!.currentAttendees).toBe(0);
      // The locked one keeps its lapsed hold until the next sweep.
      expect((await seminarById(db, busy.id))!.currentAttendees).toBe(1);
      expect(await releaseAllLapsedHolds(db, { siteUrl: settings.siteUrl })).toHaveLength(1);
      expect((await seminarById(db, busy.id))!.currentAttendees).toBe(0);
    });
  });

  describe("with a lock wait far longer than the test allows", () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase({ timeLimits: { lockTimeoutMs: 60_000, statementTimeoutMs: 60_000 } });
    });
    afterAll(async () => {
      await database?.close();
    });

    it("refuses a full, closed, cancelled or past seminar at once, without waiting for its lock", async () => {
      const { db } = database;
      const full = await insertSeminar(db, { maxAttendees: 2, currentAttendees: 2 });
      const inactive = await insertSeminar(db, { isActive: false });
      const cancelled = await insertSeminar(db, { isActive: false, cancelledAt: new Date(), cancelledBy: "Admin", cancelReason: "Venue closed" });
      const past = await insertSeminar(db, { seminarDate: addDays(todayIn("Africa/Johannesburg"), -1) });
      const unlock = await lockSeminarsElsewhere(db, [full.id, inactive.id, cancelled.id, past.id]);
      const answers: Array<BookingAnswer | "no answer"> = [];
      try {
        for (const seminar of [full, inactive, cancelled, past]) {
          answers.push(await within(postToBookingPage({ db, settings }, "198.51.100.41", seminar.id, { ...form, email: "hopeful@example.com" }), 5_000));
        }
      } finally {
        await unlock();
      }
      expect(answers.map((answer) => (answer === "no answer" ? answer : answer.status))).toEqual([409, 409, 409, 409]);
      expect((answers[0] as BookingAnswer).body).toMatchObject({ ok: false, fullyBooked: true, message: "This seminar is fully booked." });
      for (const closed of answers.slice(1)) expect((closed as BookingAnswer).body).toMatchObject({ ok: false, message: "This seminar is no longer taking bookings." });
      expect((await seminarById(db, full.id))!.currentAttendees).toBe(2);
    });

    it("still re-checks under the lock: a seat freed by a lapsed hold is sold, a seat taken meanwhile is not oversold", async () => {
      const { db } = database;
      // Full on paper, but one hold has lapsed: the plain read must not refuse it.
      const seminar = await insertSeminar(db, { maxAttendees: 1 });
      const longAgo = new Date(Date.now() - 31 * 60_000);
      expect((await postToBookingPage({ db, settings }, "198.51.100.42", seminar.id, { ...form, email: "lapsed@example.com" })).status).toBe(200);
      await db.update(seminarBookings).set({ holdExpiresAt: longAgo }).where(eq(seminarBookings.seminarId, seminar.id));
      expect((await postToBookingPage({ db, settings }, "198.51.100.42", seminar.id, { ...form, email: "next@example.com" })).status).toBe(200);
      expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(1);

      // Twenty tries at one last seat, all past the plain read together: one seat, nineteen "full".
      const last = await insertSeminar(db, { maxAttendees: 1 });
      const statuses = await Promise.all(
        Array.from({ length: 20 }, (_, n) => postToBookingPage({ db, settings }, `198.51.100.${100 + n}`, last.id, { ...form, email: `racer${n}@example.com` }).then((answer) => answer.status)),
      );
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(19);
      expect((await seminarById(db, last.id))!.currentAttendees).toBe(1);
    });
  });
});
