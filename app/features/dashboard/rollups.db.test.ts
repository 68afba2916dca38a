import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf, type Db } from "#db/client.ts";
import { consultationBookings, seminarBookings } from "#db/schema/index.ts";
import { testActor } from "~/features/activity/testing.server.ts";
import { setConsultationPaid } from "~/features/consultations/admin-actions.server.ts";
import { requestConsultation } from "~/features/consultations/service.server.ts";
import { payTestCheckout } from "~/features/payments/checkout.server.ts";
import { refundBooking } from "~/features/payments/refunds.server.ts";
import { ledgerGroupsByMonth, ledgerTotals } from "~/features/payments/service.server.ts";
import { createTestProvider } from "~/features/payments/test-provider.server.ts";
import { startSeminarCheckout } from "~/features/seminars/booking/checkout.server.ts";
import { manageBookingPath } from "~/features/seminars/manage/links.server.ts";
import { cancelSeatOnline, type ManageSite } from "~/features/seminars/manage/manage.server.ts";
import { holdSeat } from "~/features/seminars/seats/holds.server.ts";
import { seatsSoldByMonth } from "~/features/seminars/service.server.ts";
import { createLinkSigner } from "~/lib/signed-links.server.ts";
import { paidItems } from "~/wiring/payments.server.ts";
import { insertSeminar, visitor } from "../../../tests/support/fixtures.ts";
import { insertLedgerEntry } from "../../../tests/support/ledger.ts";
import { testEngine, useTestDatabase } from "../../../tests/support/test-database.ts";

// The dashboard's monthly summaries (docs/decisions/034) are kept by the database: after real
// payments, refunds, a seat given back and staff marking money paid and unpaid, they equal
// what the ledger and the bookings add up to from scratch; they change only when a transaction
// commits; and concurrent payments each count once.

const siteUrl = "https://thula.example";
const links = createLinkSigner("dashboard-rollups-test-secret-0123456789");
const site: ManageSite = { siteUrl, links, freeCancellationHours: 48 };
const ALL_MONTHS = { first: "2000-01", last: "2999-12" };
const PRICE = 100_000;

/** The ledger summed by Johannesburg month from its rows, as the summary should hold it. */
async function ledgerFromScratch(db: Db) {
  const rows = rowsOf<{ month: string; bookingKind: string; entryType: string; cents: unknown; entries: unknown }>(
    await db.execute(sql`
      select to_char(occurred_at at time zone 'Africa/Johannesburg', 'YYYY-MM') as "month", booking_kind as "bookingKind", entry_type as "entryType",
             sum(amount_cents)::bigint as "cents", count(*)::int as "entries"
        from ledger_entries group by 1, 2, 3 order by 1, 2, 3`),
  );
  return rows.map((row) => ({ ...row, cents: Number(row.cents), entries: Number(row.entries) }));
}

/**
 * Seats sold as the ledger tells it (ADR 015's definition): each seminar booking's seats in the
 * month of its first payment, unless its refunds have reached its payments.
 */
async function seatsFromLedger(db: Db) {
  const rows = rowsOf<{ month: string; seats: unknown }>(
    await db.execute(sql`
      select to_char(money.first_paid_at at time zone 'Africa/Johannesburg', 'YYYY-MM') as "month", sum(b.seats)::int as "seats"
        from (select booking_id,
                     min(occurred_at) filter (where entry_type = 'payment') as first_paid_at,
                     sum(case when entry_type = 'payment' then amount_cents else -amount_cents end) as net
                from ledger_entries where booking_kind = 'seminar' group by booking_id) money
        join seminar_bookings b on b.id = money.booking_id
       where money.net > 0
       group by 1 order by 1`),
  );
  return rows.map((row) => ({ month: row.month, seats: Number(row.seats) }));
}

async function family(db: Db, seats: number) {
  const seminar = await insertSeminar(db, { maxAttendees: 20, priceCents: PRICE });
  const email = `family.${randomUUID()}@example.co.za`;
  const names = ["Thandi Nkosi", "Sipho Nkosi", "Lindi Nkosi", "Ayanda Nkosi"].slice(0, seats);
  const hold = await holdSeat(db, { seminarId: seminar.id, contact: { ...visitor, email }, seats, attendeeNames: names }, { siteUrl });
  const provider = createTestProvider(db, siteUrl);
  const items = paidItems(siteUrl, links);
  const { url } = await startSeminarCheckout(db, provider, { bookingId: hold.bookingId, siteUrl });
  expect((await payTestCheckout(db, provider, items, url.split("/").pop()!)).status).toBe("completed");
  const token = manageBookingPath(links, hold.bookingId).split("/").pop()!;
  return { bookingId: hold.bookingId, token, payments: { provider, items } };
}

describe(`the dashboard's monthly summaries (${testEngine})`, () => {
  const database = useTestDatabase();

  it("equal the ledger and the bookings added up from scratch, after payments, refunds, a seat given back and money marked paid and unpaid", async () => {
    const { db } = database;
    const kept = await family(db, 3);
    const seatGivenBack = await family(db, 3);
    const partlyRefunded = await family(db, 2);
    const whollyRefunded = await family(db, 1);
    // The family gives one seat back online: it is refunded, and two seats stay sold.
    expect((await cancelSeatOnline(db, site, seatGivenBack.payments, seatGivenBack.token, 3)).refund?.status).toBe("succeeded");
    const refund = (bookingId: string, amountCents: number) =>
      refundBooking(db, createTestProvider(db, siteUrl), paidItems(siteUrl, links), {
        bookingKind: "seminar",
        bookingId,
        amountCents,
        reason: "Customer cannot attend",
        actor: testActor,
        idempotencyKey: randomUUID(),
      });
    await refund(partlyRefunded.bookingId, 50_000);
    await refund(whollyRefunded.bookingId, PRICE);
    // Staff mark a consultation paid, then unpaid: a manual payment and its manual refund.
    const { bookingId: consultationId } = await requestConsultation(db, { type: "paid", form: { ...visitor, email: `manual.${randomUUID()}@example.co.za`, preferredTime: "evening" } }, { siteUrl });
    const form = async () => {
      const [row] = await db.select().from(consultationBookings).where(eq(consultationBookings.id, consultationId));
      const data = new FormData();
      data.set("id", consultationId);
      data.set("version", String(row!.version));
      return data;
    };
    await setConsultationPaid(db, testActor, await form(), true);
    await setConsultationPaid(db, testActor, await form(), false);

    expect(await ledgerGroupsByMonth(db, ALL_MONTHS)).toEqual(await ledgerFromScratch(db));
    const sold = await seatsSoldByMonth(db, ALL_MONTHS);
    // 3 kept + 2 of the family that gave one back + 2 partly refunded; the wholly refunded seat is no sale.
    expect(sold.reduce((sum, month) => sum + month.seats, 0)).toBe(7);
    expect(sold).toEqual(await seatsFromLedger(db));
    const [row] = await db.select({ seats: seminarBookings.seats }).from(seminarBookings).where(eq(seminarBookings.id, kept.bookingId));
    expect(row!.seats).toBe(3);
    // All time is the summary's sum, and the same as every row added by hand.
    const byHand = (await ledgerFromScratch(db)).reduce((sum, group) => sum + (group.entryType === "payment" ? group.cents : -group.cents), 0);
    expect((await ledgerTotals(db)).netCents).toBe(byHand);

    // Rebuilt from the rows themselves (after a bulk load with the triggers off), they are the same.
    const summaries = { months: await ledgerGroupsByMonth(db, ALL_MONTHS), seats: await seatsSoldByMonth(db, ALL_MONTHS) };
    await db.execute(sql`select dashboard_summaries_rebuild()`);
    expect({ months: await ledgerGroupsByMonth(db, ALL_MONTHS), seats: await seatsSoldByMonth(db, ALL_MONTHS) }).toEqual(summaries);
  });

  it("change only when the writing transaction commits: a rolled-back payment leaves no trace", async () => {
    const { db } = database;
    const before = await ledgerGroupsByMonth(db, ALL_MONTHS);
    const rolledBack = new Error("rolled back on purpose");
    await expect(
      db.transaction(async (tx) => {
        await insertLedgerEntry(tx, { amountCents: 95_000, occurredAt: new Date("2026-05-02T10:00:00Z") });
        // Inside the transaction the summary does not have it yet: the trigger runs at commit.
        expect(await ledgerGroupsByMonth(tx, { first: "2026-05", last: "2026-05" })).toEqual(before.filter((group) => group.month === "2026-05"));
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await ledgerGroupsByMonth(db, ALL_MONTHS)).toEqual(before);

    await insertLedgerEntry(db, { amountCents: 95_000, occurredAt: new Date("2026-05-02T10:00:00Z") });
    expect(await ledgerGroupsByMonth(db, ALL_MONTHS)).toEqual(await ledgerFromScratch(db));
  });

  it("count each of many payments committed at once in the same month exactly once", async () => {
    const { db } = database;
    const month = { first: "2031-07", last: "2031-07" };
    const payments = Array.from({ length: 24 }, (_, index) => index);
    await Promise.all(payments.map((index) => insertLedgerEntry(db, { amountCents: 1_000 + index, occurredAt: new Date(`2031-07-15T10:00:${String(index).padStart(2, "0")}Z`) })));
    expect(await ledgerGroupsByMonth(db, month)).toEqual([
      { month: "2031-07", bookingKind: "seminar", entryType: "payment", cents: payments.reduce((sum, index) => sum + 1_000 + index, 0), entries: payments.length },
    ]);
  });
});
