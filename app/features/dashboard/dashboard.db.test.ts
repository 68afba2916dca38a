import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf, type Db } from "#db/client.ts";
import { consultationBookings, seminarBookings, users } from "#db/schema/index.ts";
import { insertSeminar } from "../../../tests/support/fixtures.ts";
import { insertLedgerEntry } from "../../../tests/support/ledger.ts";
import { testEngine, useTestDatabase } from "../../../tests/support/test-database.ts";
import { dashboardOverview } from "./service.server.ts";
import { parseSeminarListQuery } from "~/features/seminars/admin/schema.ts";
import { listAdminSeminars } from "~/features/seminars/admin/seminars.server.ts";

// The dashboard's numbers on known data: latest records, counts, revenue from the ledger
// (payments minus refunds) this month and in each of the last twelve, in South Africa's
// calendar, seats sold, and how full the upcoming seminars are. The ledger is append-only,
// so each describe block has a database of its own.
// 15 March 2026, midday in Johannesburg.
const now = new Date("2026-03-15T10:00:00Z");

async function contact(db: Db, firstName: string, createdAt: Date) {
  const [row] = await db
    .insert(users)
    .values({ firstName, lastName: "Test", email: `${firstName.toLowerCase()}@example.com`, createdAt })
    .returning();
  return row!;
}

function consultation(db: Db, user: typeof users.$inferSelect, values: Partial<typeof consultationBookings.$inferInsert>) {
  return db.insert(consultationBookings).values({ userId: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email, ...values });
}

function seminarBooking(db: Db, user: typeof users.$inferSelect, seminarId: string, values: Partial<typeof seminarBookings.$inferInsert>) {
  return db.insert(seminarBookings).values({ userId: user.id, seminarId, firstName: user.firstName, lastName: user.lastName, email: user.email, ...values });
}

const zeroMonth = { seminarCents: 0, consultationCents: 0, netCents: 0, paymentCents: 0, refundCents: 0, seatsSold: 0 };

describe(`the dashboard on an empty database (${testEngine})`, () => {
  const database = useTestDatabase();

  it("shows empty cards, zero counts, no revenue, twelve empty months and no fill rate", async () => {
    const overview = await dashboardOverview(database.db, now);
    expect(overview).toEqual({
      latestUser: null,
      latestConsultation: null,
      latestSeminarBooking: null,
      counts: { users: 0, consultations: 0, seminars: 0, seminarBookings: 0 },
      revenue: {
        month: "2026-03",
        monthLabel: "March 2026",
        netCents: 0,
        seminarCents: 0,
        consultationCents: 0,
        paymentCents: 0,
        refundCents: 0,
        payments: 0,
        refunds: 0,
        allTimeNetCents: 0,
        hasLedgerEntries: false,
      },
      monthly: expect.any(Array),
      fill: { seminars: 0, seatsTaken: 0, seatsOffered: 0, percent: null },
      door: null,
    });
    expect(overview.monthly.map((row) => row.month)).toEqual([
      "2025-04", "2025-05", "2025-06", "2025-07", "2025-08", "2025-09", "2025-10", "2025-11", "2025-12", "2026-01", "2026-02", "2026-03",
    ]);
    for (const row of overview.monthly) expect(row).toMatchObject(zeroMonth);
  });
});

describe(`the dashboard (${testEngine})`, () => {
  const database = useTestDatabase();

  it("adds up the latest records, the counts, the ledger's revenue net of refunds by month, and the upcoming seats", async () => {
    const older = await contact(database.db, "Ayesha", new Date("2026-03-01T08:00:00Z"));
    const newest = await contact(database.db, "Sipho", new Date("2026-03-14T08:00:00Z"));

    // Upcoming active: 6/30 and 10/10. Past and inactive seminars do not count.
    const durban = await insertSeminar(database.db, { title: "Durban evening", seminarDate: "2026-04-02", maxAttendees: 30, currentAttendees: 6 });
    await insertSeminar(database.db, { title: "CV clinic", seminarDate: "2026-03-15", maxAttendees: 10, currentAttendees: 10 });
    await insertSeminar(database.db, { title: "Last month", seminarDate: "2026-03-14", maxAttendees: 50, currentAttendees: 1 });
    await insertSeminar(database.db, { title: "Draft", seminarDate: "2026-05-01", maxAttendees: 40, currentAttendees: 0, isActive: false });
    const untitled = await insertSeminar(database.db, { title: " ", seminarDate: "2026-05-02", isActive: false });

    const paid = { status: "confirmed" as const, isPaid: true, amountCents: 120000 };
    const [marchFirst] = await seminarBooking(database.db, older, durban.id, { ...paid, paidAt: new Date("2026-02-28T22:30:00Z"), createdAt: new Date("2026-02-28T22:00:00Z") }).returning();
    const [marchSecond] = await seminarBooking(database.db, newest, durban.id, { ...paid, amountCents: 95050, paidAt: new Date("2026-03-10T09:00:00Z"), createdAt: new Date("2026-03-10T08:55:00Z") }).returning();
    const [february] = await seminarBooking(database.db, older, durban.id, { ...paid, paidAt: new Date("2026-02-28T21:59:00Z"), createdAt: new Date("2026-02-20T08:00:00Z") }).returning();
    const [refunded] = await seminarBooking(database.db, older, durban.id, { ...paid, status: "refunded", refundedCents: 120000, paidAt: new Date("2026-03-05T09:00:00Z"), createdAt: new Date("2026-03-05T08:00:00Z") }).returning();
    // Marked paid on the booking but never in the ledger: the ledger is the books, so it is not
    // revenue; seats sold follow the bookings (docs/decisions/034), so its seat counts.
    await seminarBooking(database.db, older, durban.id, { ...paid, paidAt: new Date("2026-03-11T09:00:00Z"), createdAt: new Date("2026-03-11T08:00:00Z") });
    await seminarBooking(database.db, newest, untitled.id, { status: "pending", isPaid: false, amountCents: 120000, createdAt: new Date("2026-03-14T12:00:00Z") });

    const [consulted] = await consultation(database.db, older, { consultationType: "paid", isPaid: true, amountCents: 349900, paidAt: new Date("2026-03-12T10:00:00Z"), createdAt: new Date("2026-03-11T10:00:00Z") }).returning();
    const [april] = await consultation(database.db, older, { consultationType: "paid", isPaid: true, amountCents: 349900, paidAt: new Date("2026-03-31T22:30:00Z"), createdAt: new Date("2026-03-09T10:00:00Z") }).returning();
    await consultation(database.db, newest, { consultationType: "free", isPaid: true, amountCents: 0, createdAt: new Date("2026-03-13T10:00:00Z") });
    await consultation(database.db, newest, { consultationType: "paid", status: "confirmed", isPaid: false, createdAt: new Date("2026-03-14T09:00:00Z") });

    const pay = (bookingId: string, amountCents: number, occurredAt: string, bookingKind: "seminar" | "consultation" = "seminar") =>
      insertLedgerEntry(database.db, { bookingId, bookingKind, amountCents, occurredAt: new Date(occurredAt) });
    const refund = (bookingId: string, amountCents: number, occurredAt: string, bookingKind: "seminar" | "consultation" = "seminar") =>
      insertLedgerEntry(database.db, { entryType: "refund", bookingId, bookingKind, amountCents, occurredAt: new Date(occurredAt), provider: "stripe", actorName: "Zanele Dube" });
    // March in Johannesburg: 00:30 on 1 March, the 10th, a payment refunded in full the next day, a consultation partly refunded.
    await pay(marchFirst!.id, 120000, "2026-02-28T22:30:00Z");
    await pay(marchSecond!.id, 95050, "2026-03-10T09:00:00Z");
    await pay(refunded!.id, 120000, "2026-03-05T09:00:00Z");
    await refund(refunded!.id, 120000, "2026-03-06T09:00:00Z");
    await pay(consulted!.id, 349900, "2026-03-12T10:00:00Z", "consultation");
    await refund(consulted!.id, 50000, "2026-03-14T10:00:00Z", "consultation");
    // 23:59 on 28 February in Johannesburg; and 00:30 on 1 April.
    await pay(february!.id, 120000, "2026-02-28T21:59:00Z");
    await pay(april!.id, 349900, "2026-03-31T22:30:00Z", "consultation");
    // The first month charted (April 2025, from 00:00 on 1 April in Johannesburg) and the one before it.
    const [firstCharted] = await seminarBooking(database.db, older, durban.id, { ...paid, amountCents: 80000, paidAt: new Date("2025-03-31T22:30:00Z"), createdAt: new Date("2025-03-31T22:00:00Z") }).returning();
    const [beforeCharted] = await seminarBooking(database.db, older, durban.id, { ...paid, amountCents: 70000, paidAt: new Date("2025-03-31T21:30:00Z"), createdAt: new Date("2025-03-31T21:00:00Z") }).returning();
    await pay(firstCharted!.id, 80000, "2025-03-31T22:30:00Z");
    await pay(beforeCharted!.id, 70000, "2025-03-31T21:30:00Z");

    const overview = await dashboardOverview(database.db, now);
    expect(overview.latestUser).toMatchObject({ id: newest.id, name: "Sipho Test", email: "sipho@example.com" });
    expect(overview.latestConsultation).toMatchObject({ clientName: "Sipho Test", typeLabel: "PAID", status: "confirmed", money: "unpaid" });
    expect(overview.latestSeminarBooking).toMatchObject({ name: "Sipho Test", seminarTitle: "Untitled Seminar", state: { label: "Hold lapsed", tone: "cancelled" } });
    // The Seminars tile counts what its link (/admin/seminars, active seminars by default) lists.
    expect(overview.counts).toEqual({ users: 2, consultations: 4, seminars: 3, seminarBookings: 8 });
    const listed = await listAdminSeminars(database.db, parseSeminarListQuery(new URLSearchParams()), { now });
    expect(listed.total).toBe(overview.counts.seminars);

    // Revenue is the ledger's payments minus its refunds.
    expect(overview.revenue).toEqual({
      month: "2026-03",
      monthLabel: "March 2026",
      netCents: 120000 + 95050 + 120000 - 120000 + 349900 - 50000,
      seminarCents: 215050,
      consultationCents: 299900,
      paymentCents: 684950,
      refundCents: 170000,
      payments: 4,
      refunds: 2,
      allTimeNetCents: 684950 + 120000 + 349900 + 80000 + 70000 - 170000,
      hasLedgerEntries: true,
    });
    const [ledger] = rowsOf<{ net: string }>(
      await database.db.execute(sql`select sum(case when entry_type = 'payment' then amount_cents else -amount_cents end)::bigint::text as net from ledger_entries`),
    );
    expect(overview.revenue.allTimeNetCents).toBe(Number(ledger!.net));

    // Twelve months, April 2025 to March 2026; a month without money is zeros.
    expect(overview.monthly).toHaveLength(12);
    const byMonth = Object.fromEntries(overview.monthly.map((row) => [row.month, row]));
    expect(byMonth["2025-04"]).toEqual({ month: "2025-04", label: "April 2025", shortLabel: "Apr 25", ...zeroMonth, seminarCents: 80000, netCents: 80000, paymentCents: 80000, seatsSold: 1 });
    expect(byMonth["2026-01"]).toEqual({ month: "2026-01", label: "January 2026", shortLabel: "Jan 26", ...zeroMonth });
    expect(byMonth["2026-02"]).toMatchObject({ seminarCents: 120000, netCents: 120000, seatsSold: 1 });
    // March: three seats sold (the one marked paid outside the ledger among them); the one refunded in full is no sale.
    expect(byMonth["2026-03"]).toMatchObject({ seminarCents: 215050, consultationCents: 299900, netCents: 514950, paymentCents: 684950, refundCents: 170000, seatsSold: 3 });
    expect(overview.monthly.filter((row) => row.netCents !== 0).map((row) => row.month)).toEqual(["2025-04", "2026-02", "2026-03"]);

    expect(overview.fill).toEqual({ seminars: 2, seatsTaken: 16, seatsOffered: 40, percent: 40 });
    // At the door: today's seminar (no tickets issued in this data), not yesterday's.
    expect(overview.door).toMatchObject({ seminar: { title: "CV clinic", seminarDate: "2026-03-15" }, today: true, checkedIn: 0, seats: 0 });
  });
});
