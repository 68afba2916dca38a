import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { insertLedgerEntry } from "../../../../tests/support/ledger.ts";
import { testEngine, useTestDatabase } from "../../../../tests/support/test-database.ts";
import { seatsSoldByMonth } from "../service.server.ts";

// Seats sold by month, through the seminars service: one seat a seminar booking, in the
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
});
