import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "#db/client.ts";
import { insertLedgerEntry } from "../../../tests/support/ledger.ts";
import { testEngine, useTestDatabase } from "../../../tests/support/test-database.ts";
import { firstLedgerEntryAt, ledgerEntriesIn, ledgerGroupsByMonth, ledgerTotals } from "./ledger.server.ts";
import { ledgerTotalsOf, signedCents } from "./ledger.ts";

// The ledger's reports on known rows: payments and refunds of both kinds, either side of
// month ends in Johannesburg (UTC+2), sums, sums by month (from the summary the database
// keeps, checked against the rows themselves) and one month's entries.

const at = (iso: string) => new Date(iso);
const march = { from: at("2026-02-28T22:00:00Z"), to: at("2026-03-31T22:00:00Z") };

describe(`the ledger's reports (${testEngine})`, () => {
  const database = useTestDatabase();
  const seminar = { s1: randomUUID(), s2: randomUUID(), s3: randomUUID(), s4: randomUUID(), s5: randomUUID() };
  const consultation = { c1: randomUUID(), c2: randomUUID() };

  beforeAll(async () => {
    const db = database.db;
    const pay = (bookingId: string, amountCents: number, occurredAt: string, bookingKind: "seminar" | "consultation" = "seminar") =>
      insertLedgerEntry(db, { bookingId, bookingKind, amountCents, occurredAt: at(occurredAt) });
    const refund = (bookingId: string, amountCents: number, occurredAt: string, bookingKind: "seminar" | "consultation" = "seminar") =>
      insertLedgerEntry(db, { entryType: "refund", bookingId, bookingKind, amountCents, occurredAt: at(occurredAt), provider: "stripe", actorName: "Zanele Dube", reason: "Cancelled" });

    await pay(seminar.s5, 120000, "2025-12-15T10:00:00Z");
    // 23:59 on 28 February in Johannesburg: February.
    await pay(seminar.s3, 120000, "2026-02-28T21:59:00Z");
    // 00:30 on 1 March in Johannesburg: March.
    await pay(seminar.s1, 120000, "2026-02-28T22:30:00Z");
    // A second payment of a booking first paid in February (staff recorded the rest).
    await insertLedgerEntry(db, { bookingId: seminar.s3, amountCents: 5000, occurredAt: at("2026-03-03T08:00:00Z"), provider: "manual", actorName: "Zanele Dube", reason: "Paid the rest in cash" });
    await pay(seminar.s4, 120000, "2026-03-05T09:00:00Z");
    await pay(seminar.s2, 95050, "2026-03-10T09:00:00Z");
    await pay(consultation.c1, 349900, "2026-03-12T10:00:00Z", "consultation");
    await refund(seminar.s2, 20000, "2026-03-20T10:00:00Z");
    // 23:59:59 on 31 March in Johannesburg: still March.
    await refund(consultation.c1, 100000, "2026-03-31T21:59:59Z", "consultation");
    // 00:30 on 1 April in Johannesburg: April.
    await pay(consultation.c2, 349900, "2026-03-31T22:30:00Z", "consultation");
    // s4 is refunded in full, in April.
    await refund(seminar.s4, 120000, "2026-04-02T08:00:00Z");
  });

  it("adds up a Johannesburg month: payments minus refunds, by kind", async () => {
    expect(await ledgerTotals(database.db, march)).toEqual({
      paymentCents: 120000 + 5000 + 120000 + 95050 + 349900,
      refundCents: 20000 + 100000,
      netCents: 689950 - 120000,
      payments: 5,
      refunds: 2,
      byKind: {
        seminar: { paymentCents: 340050, refundCents: 20000, netCents: 320050, payments: 4, refunds: 1 },
        consultation: { paymentCents: 349900, refundCents: 100000, netCents: 249900, payments: 1, refunds: 1 },
      },
    });
  });

  it("adds up all time, and revenue is payments minus refunds", async () => {
    const allTime = await ledgerTotals(database.db);
    expect(allTime).toMatchObject({ paymentCents: 1279850, refundCents: 240000, netCents: 1039850, payments: 8, refunds: 3 });
    // The same as adding every row by hand.
    const rows = rowsOf<{ entry_type: "payment" | "refund"; amount_cents: number }>(await database.db.execute(sql`select entry_type, amount_cents from ledger_entries`));
    expect(allTime.netCents).toBe(rows.reduce((sum, row) => sum + signedCents({ entryType: row.entry_type, amountCents: row.amount_cents }), 0));
  });

  it("is zero for a period without entries", async () => {
    expect((await ledgerTotals(database.db, { from: at("2026-01-01T00:00:00Z"), to: at("2026-02-01T00:00:00Z") })).netCents).toBe(0);
  });

  it("groups by Johannesburg month, each group agreeing with that month's totals", async () => {
    const groups = await ledgerGroupsByMonth(database.db, { first: "2025-12", last: "2026-04" });
    expect(groups).toEqual([
      { month: "2025-12", bookingKind: "seminar", entryType: "payment", cents: 120000, entries: 1 },
      { month: "2026-02", bookingKind: "seminar", entryType: "payment", cents: 120000, entries: 1 },
      { month: "2026-03", bookingKind: "consultation", entryType: "payment", cents: 349900, entries: 1 },
      { month: "2026-03", bookingKind: "consultation", entryType: "refund", cents: 100000, entries: 1 },
      { month: "2026-03", bookingKind: "seminar", entryType: "payment", cents: 340050, entries: 4 },
      { month: "2026-03", bookingKind: "seminar", entryType: "refund", cents: 20000, entries: 1 },
      { month: "2026-04", bookingKind: "consultation", entryType: "payment", cents: 349900, entries: 1 },
      { month: "2026-04", bookingKind: "seminar", entryType: "refund", cents: 120000, entries: 1 },
    ]);
    expect(ledgerTotalsOf(groups.filter((group) => group.month === "2026-03"))).toEqual(await ledgerTotals(database.db, march));
  });

  it("lists a month's entries oldest first, the month's edges in Johannesburg time", async () => {
    const entries = await ledgerEntriesIn(database.db, march);
    expect(entries.map((entry) => [entry.bookingId, entry.entryType, entry.amountCents])).toEqual([
      [seminar.s1, "payment", 120000],
      [seminar.s3, "payment", 5000],
      [seminar.s4, "payment", 120000],
      [seminar.s2, "payment", 95050],
      [consultation.c1, "payment", 349900],
      [seminar.s2, "refund", 20000],
      [consultation.c1, "refund", 100000],
    ]);
    expect(entries.reduce((sum, entry) => sum + signedCents(entry), 0)).toBe((await ledgerTotals(database.db, march)).netCents);
  });

  it("knows when the first money moved", async () => {
    expect(await firstLedgerEntryAt(database.db)).toEqual(at("2025-12-15T10:00:00Z"));
  });

  it("finds a period's rows through the occurred_at index", async () => {
    const plan = await database.db.transaction(async (tx) => {
      // A few rows make a sequential scan cheapest; take that choice away to see the index is usable.
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<{ "QUERY PLAN": string }>(
        await tx.execute(
          sql`explain select entry_type, sum(amount_cents) from ledger_entries where occurred_at >= ${march.from.toISOString()}::timestamptz and occurred_at < ${march.to.toISOString()}::timestamptz group by 1`,
        ),
      )
        .map((row) => row["QUERY PLAN"])
        .join("\n");
    });
    expect(plan).toContain("ledger_entries_occurred_idx");
  });
});

describe(`an empty ledger (${testEngine})`, () => {
  const database = useTestDatabase();

  it("adds up to nothing", async () => {
    expect(await ledgerTotals(database.db)).toEqual(ledgerTotalsOf([]));
    expect(await ledgerGroupsByMonth(database.db, { first: "2026-03", last: "2026-03" })).toEqual([]);
    expect(await ledgerEntriesIn(database.db, march)).toEqual([]);
    expect(await firstLedgerEntryAt(database.db)).toBeUndefined();
  });
});
