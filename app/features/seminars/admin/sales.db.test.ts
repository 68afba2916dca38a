import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "#db/client.ts";
import { seminarBookings } from "#db/schema/index.ts";
import { insertSeminar, visitor } from "../../../../tests/support/fixtures.ts";
import { insertLedgerEntry } from "../../../../tests/support/ledger.ts";
import { testEngine, useTestDatabase } from "../../../../tests/support/test-database.ts";
import { holdSeat } from "../seats/holds.server.ts";
import { seatsSoldByMonth } from "../service.server.ts";

// Seats sold by month, through the seminars service: a seminar booking's seats in the
// Johannesburg month it was paid, unless all its money went back; the database keeps the sums
// (docs/decisions/034) as the booking's money and seats change.

const PRICE = 95_000;

/** A held booking of `seats`, then paid at `paidAt` as the payment code marks it. */
async function paidBooking(db: Db, paidAt: string, seats = 1) {
  const seminar = await insertSeminar(db, { maxAttendees: 10, priceCents: PRICE });
  const names = ["Naledi Mokoena", "Kagiso Mokoena", "Lerato Mokoena"].slice(0, seats);
  const hold = await holdSeat(db, { seminarId: seminar.id, contact: { ...visitor, email: `sales.${randomUUID()}@example.co.za` }, seats, attendeeNames: names }, { siteUrl: "https://thula.example" });
  await db.update(seminarBookings).set({ isPaid: true, paidAt: new Date(paidAt), status: "confirmed", holdExpiresAt: null }).where(eq(seminarBookings.id, hold.bookingId));
  return hold.bookingId;
}

const setRefunded = (db: Db, bookingId: string, refundedCents: number) => db.update(seminarBookings).set({ refundedCents }).where(eq(seminarBookings.id, bookingId));

describe(`seats sold by month (${testEngine})`, () => {
  // Each test reads months of its own.
  const database = useTestDatabase();
  const aprilToJune = { first: "2026-04", last: "2026-06" };

  it("counts seats paid for in their Johannesburg month, net of bookings refunded in full, and no consultations or unpaid holds", async () => {
    const { db } = database;
    // 00:10 on 1 May in Johannesburg.
    await paidBooking(db, "2026-04-30T22:10:00Z");
    const partly = await paidBooking(db, "2026-05-02T10:00:00Z");
    await setRefunded(db, partly, PRICE / 2);
    const wholly = await paidBooking(db, "2026-05-04T10:00:00Z");
    await setRefunded(db, wholly, PRICE);
    // 23:50 on 30 April in Johannesburg.
    await paidBooking(db, "2026-04-30T21:50:00Z");
    // A hold never paid, and money for a consultation.
    await holdSeat(db, { seminarId: (await insertSeminar(db)).id, contact: { ...visitor, email: `unpaid.${randomUUID()}@example.co.za` } }, { siteUrl: "https://thula.example" });
    await insertLedgerEntry(db, { bookingKind: "consultation", amountCents: 349900, occurredAt: new Date("2026-05-05T10:00:00Z") });

    expect(await seatsSoldByMonth(db, aprilToJune)).toEqual([
      { month: "2026-04", seats: 1 },
      { month: "2026-05", seats: 2 },
    ]);
  });

  it("counts every seat of a group booking, and a seat given back is no longer sold", async () => {
    const { db } = database;
    const family = await paidBooking(db, "2026-07-10T10:00:00Z", 3);
    await paidBooking(db, "2026-07-11T10:00:00Z");
    const july = { first: "2026-07", last: "2026-07" };
    expect(await seatsSoldByMonth(db, july)).toEqual([{ month: "2026-07", seats: 4 }]);

    await db.update(seminarBookings).set({ seats: 2, attendeeNames: ["Naledi Mokoena", "Kagiso Mokoena"], refundedCents: PRICE }).where(eq(seminarBookings.id, family));
    expect(await seatsSoldByMonth(db, july)).toEqual([{ month: "2026-07", seats: 3 }]);

    // Refunded in full after all: none of its seats are sold; a month with nothing left is left out.
    await setRefunded(db, family, 3 * PRICE);
    await db.execute(sql`update seminar_bookings set is_paid = false, paid_at = null where id <> ${family}::uuid and paid_at >= '2026-07-01'`);
    expect(await seatsSoldByMonth(db, july)).toEqual([]);
  });
});
