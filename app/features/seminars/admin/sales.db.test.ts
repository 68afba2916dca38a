import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { insertSeminar, visitor } from "../../../../tests/support/fixtures.ts";
import { insertLedgerEntry } from "../../../../tests/support/ledger.ts";
import { testEngine, useTestDatabase } from "../../../../tests/support/test-database.ts";
import { holdSeat } from "../seats/holds.server.ts";
import { seatsSoldByMonth } from "../service.server.ts";

// Seats sold by month, through the seminars service: a seminar booking's seats, in the
// Johannesburg month its payment reached the ledger, unless all of it was refunded.

describe(`seats sold by month (${testEngine})`, () => {
  const database = useTestDatabase();

  it("counts seminar seats paid for, net of those refunded in full, and no consultations", async () => {
    const db = database.db;
    const [kept, partlyRefunded, refunded] = [randomUUID(), randomUUID(), randomUUID()];
    // 00:10 on 1 May in Johannesburg.
    await insertLedgerEntry(db, { bookingId: kept, amountCents: 120000, occurredAt: new Date("2026-04-30T22:10:00Z") });
    await insertLedgerEntry(db, { bookingId: partlyRefunded, amountCents: 120000, occurredAt: new Date("2026-05-02T10:00:00Z") });
    await insertLedgerEntry(db, { bookingId: partlyRefunded, entryType: "refund", amountCents: 60000, occurredAt: new Date("2026-05-03T10:00:00Z") });
    await insertLedgerEntry(db, { bookingId: refunded, amountCents: 120000, occurredAt: new Date("2026-05-04T10:00:00Z") });
    await insertLedgerEntry(db, { bookingId: refunded, entryType: "refund", amountCents: 120000, occurredAt: new Date("2026-06-01T10:00:00Z") });
    await insertLedgerEntry(db, { bookingKind: "consultation", amountCents: 349900, occurredAt: new Date("2026-05-05T10:00:00Z") });
    // 23:50 on 30 April in Johannesburg.
    await insertLedgerEntry(db, { amountCents: 120000, occurredAt: new Date("2026-04-30T21:50:00Z") });

    const aprilToJune = { from: new Date("2026-03-31T22:00:00Z"), to: new Date("2026-06-30T22:00:00Z") };
    expect(await seatsSoldByMonth(db, aprilToJune, "Africa/Johannesburg")).toEqual([
      { month: "2026-04", seats: 1 },
      { month: "2026-05", seats: 2 },
    ]);
  });

  it("counts every seat of a group booking: a family's three seats are three seats sold", async () => {
    const db = database.db;
    const seminar = await insertSeminar(db, { maxAttendees: 10 });
    const family = await holdSeat(
      db,
      { seminarId: seminar.id, contact: { ...visitor, email: "family@example.com" }, seats: 3, attendeeNames: ["Naledi Mokoena", "Kagiso Mokoena", "Lerato Mokoena"] },
      { siteUrl: "https://thula.example" },
    );
    await insertLedgerEntry(db, { bookingId: family.bookingId, amountCents: 3 * 95000, occurredAt: new Date("2026-07-10T10:00:00Z") });
    await insertLedgerEntry(db, { bookingId: randomUUID(), amountCents: 95000, occurredAt: new Date("2026-07-11T10:00:00Z") });
    const july = { from: new Date("2026-06-30T22:00:00Z"), to: new Date("2026-07-31T22:00:00Z") };
    expect(await seatsSoldByMonth(db, july, "Africa/Johannesburg")).toEqual([{ month: "2026-07", seats: 4 }]);
  });
});
