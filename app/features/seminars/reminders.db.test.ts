import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase, type Db } from "#db/client.ts";
import { emailOutbox, seminarBookings } from "#db/schema/index.ts";
import { testEngine, useTestDatabase } from "../../../tests/support/test-database.ts";
import { queueDueSeminarReminders } from "./reminders.server.ts";
import { reminderBooking, reminderSeminar } from "./testing/reminders.ts";

// The automatic reminders (docs/product.md §8.2) on a real database: when each is due, that
// it is queued once whoever runs the job, and who never gets one.

// Only the outbox is emptied: paid bookings are never deleted, so each test has a seminar of its own (testing/reminders.ts).
const database = useTestDatabase(emailOutbox);
const siteUrl = "https://thula.example";
const offsetsHours = [72, 24];

const remind = (now: Date, db: Db = database.db) => queueDueSeminarReminders(db, { siteUrl, offsetsHours, now });

/** The reminders in the outbox, by dedupe key. */
async function reminders() {
  const rows = await database.db
    .select({ key: emailOutbox.dedupeKey, to: emailOutbox.toAddress, kind: emailOutbox.kind, text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(like(emailOutbox.dedupeKey, "seminar-reminder:%"));
  return rows.sort((a, b) => String(a.key).localeCompare(String(b.key)));
}

describe(`automatic seminar reminders (${testEngine})`, () => {
  it("queues the 72 h reminder once its mark has passed (71 hours before), none 100 hours before, then the 24 h one", async () => {
    const { seminar, hoursBefore } = await reminderSeminar(database.db);
    const booking = await reminderBooking(database.db, seminar.id, "paid", hoursBefore(200), "Sipho");

    expect(await remind(hoursBefore(100))).toEqual({ queued: 0, failed: 0 });
    expect(await reminders()).toEqual([]);

    expect(await remind(hoursBefore(71))).toEqual({ queued: 1, failed: 0 });
    const [first] = await reminders();
    expect(first).toMatchObject({ key: `seminar-reminder:72h:${booking.id}`, to: booking.email, kind: "seminar-reminder" });
    expect(first!.text).toContain("The Oyster Box");
    expect(first!.text).toContain("Map: https://www.google.com/maps/search/?api=1&query=");

    expect(await remind(hoursBefore(23))).toEqual({ queued: 1, failed: 0 });
    expect((await reminders()).map((row) => row.key)).toEqual([`seminar-reminder:24h:${booking.id}`, `seminar-reminder:72h:${booking.id}`]);
    expect(await remind(new Date(hoursBefore(0).getTime() + 60_000))).toEqual({ queued: 0, failed: 0 });
  });

  it("queues each reminder once, however often and from however many runners the job runs", async () => {
    const { seminar, hoursBefore } = await reminderSeminar(database.db);
    const lindiwe = await reminderBooking(database.db, seminar.id, "paid", hoursBefore(200), "Lindiwe");
    const bongani = await reminderBooking(database.db, seminar.id, "paid", hoursBefore(100), "Bongani");
    const now = hoursBefore(70);

    // On PostgreSQL two more instances, each with its own pool; PGlite has one process, whose runs still overlap.
    const others = database.url
      ? [await openDatabase({ kind: "postgres", url: database.url, poolSize: 2 }), await openDatabase({ kind: "postgres", url: database.url, poolSize: 2 })]
      : [];
    try {
      const runners = others.length > 0 ? others.map((other) => other.db) : [database.db, database.db];
      const runs = await Promise.all([...runners, database.db].map((db) => remind(now, db)));
      expect(runs.reduce((sum, run) => sum + run.queued, 0)).toBe(2);
      expect(runs.every((run) => run.failed === 0)).toBe(true);
    } finally {
      await Promise.all(others.map((other) => other.close()));
    }
    expect(await remind(now)).toEqual({ queued: 0, failed: 0 });
    expect((await reminders()).map((row) => row.to).sort()).toEqual([lindiwe.email, bongani.email].sort());
  });

  it("skips a reminder whose time came before the booking: booked 10 hours before, neither; booked 50 hours before, only the 24 h one", async () => {
    const { seminar, hoursBefore } = await reminderSeminar(database.db);
    await reminderBooking(database.db, seminar.id, "paid", hoursBefore(10), "Late");
    const middle = await reminderBooking(database.db, seminar.id, "paid", hoursBefore(50), "Middle");

    for (const hours of [49, 23, 9, 1]) await remind(hoursBefore(hours));
    expect((await reminders()).map((row) => row.key)).toEqual([`seminar-reminder:24h:${middle.id}`]);
  });

  it("sends none to a cancelled booking, a seat staff added that is not paid, a hold, or anyone booked on a cancelled seminar", async () => {
    const { seminar, hoursBefore } = await reminderSeminar(database.db);
    for (const [kind, name] of [["cancelled", "Cancelled"], ["added", "Added"], ["hold", "Held"]] as const) {
      await reminderBooking(database.db, seminar.id, kind, hoursBefore(200), name);
    }
    const called = await reminderSeminar(database.db, { cancelledAt: new Date(), cancelledBy: "Thandi Admin", cancelReason: "Venue closed" });
    await reminderBooking(database.db, called.seminar.id, "paid", hoursBefore(200), "OnCancelled");

    expect(await remind(hoursBefore(71))).toEqual({ queued: 0, failed: 0 });
    expect(await remind(hoursBefore(23))).toEqual({ queued: 0, failed: 0 });
    expect(await reminders()).toEqual([]);
  });

  // A pass cut short for one booking (here its row is locked past the lock wait, as a cancellation
  // in progress would) queues the others, and the next pass queues what it missed, nothing twice.
  // PostgreSQL only: PGlite runs one transaction at a time, so nothing can hold a row while a pass runs.
  it.runIf(testEngine === "postgres")("makes up on the next pass for a reminder a pass could not queue, and doubles none", async () => {
    const { seminar, hoursBefore } = await reminderSeminar(database.db);
    const [held, other] = [
      await reminderBooking(database.db, seminar.id, "paid", hoursBefore(200), "Thabo"),
      await reminderBooking(database.db, seminar.id, "paid", hoursBefore(200), "Palesa"),
    ];
    const runner = await openDatabase({ kind: "postgres", url: database.url!, poolSize: 2, timeLimits: { lockTimeoutMs: 200 } });
    try {
      const cut = await database.db.transaction(async (tx) => {
        await tx.select().from(seminarBookings).where(eq(seminarBookings.id, held.id)).for("update");
        return remind(hoursBefore(71), runner.db);
      });
      expect(cut).toEqual({ queued: 1, failed: 1 });
      expect((await reminders()).map((row) => row.key)).toEqual([`seminar-reminder:72h:${other.id}`]);

      expect(await remind(hoursBefore(70), runner.db)).toEqual({ queued: 1, failed: 0 });
      expect((await reminders()).map((row) => row.key).sort()).toEqual([`seminar-reminder:72h:${held.id}`, `seminar-reminder:72h:${other.id}`].sort());
    } finally {
      await runner.close();
    }
  });
});
