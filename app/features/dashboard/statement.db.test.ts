import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { insertLedgerEntry } from "../../../tests/support/ledger.ts";
import { testEngine, useTestDatabase } from "../../../tests/support/test-database.ts";
import { monthlyStatement, statementCsv, statementCsvResponse, STATEMENT_CSV_COLUMNS } from "./statement.server.ts";
import { ledgerTotals } from "~/features/payments/service.server.ts";

// The monthly statement on known ledger rows: one Johannesburg month's entries, its totals
// (revenue is payments minus refunds), the month picker's choices, and the CSV.

const now = new Date("2026-03-15T10:00:00Z");
const seminarBooking = "3f2a9c1b-0000-4000-8000-000000000001";
const consultationBooking = "a1b2c3d4-0000-4000-8000-000000000002";

describe(`the monthly statement (${testEngine})`, () => {
  const database = useTestDatabase();

  beforeAll(async () => {
    const db = database.db;
    // 23:59 on 28 February in Johannesburg: February's.
    await insertLedgerEntry(db, { bookingId: randomUUID(), amountCents: 120000, occurredAt: new Date("2026-02-28T21:59:00Z") });
    // 00:30 on 1 March in Johannesburg: March's first entry.
    await insertLedgerEntry(db, { bookingId: seminarBooking, amountCents: 120000, occurredAt: new Date("2026-02-28T22:30:00Z"), provider: "stripe" });
    await insertLedgerEntry(db, {
      bookingId: consultationBooking,
      bookingKind: "consultation",
      amountCents: 349900,
      occurredAt: new Date("2026-03-12T10:00:00Z"),
      provider: "manual",
      actorName: "Zanele Dube",
      reason: "=Paid by EFT, ref 123",
    });
    await insertLedgerEntry(db, {
      entryType: "refund",
      bookingId: seminarBooking,
      amountCents: 20050,
      occurredAt: new Date("2026-03-20T10:00:00Z"),
      provider: "stripe",
      actorName: "Zanele Dube",
      reason: "Could only come to the first half",
    });
    // 00:30 on 1 April in Johannesburg: April's.
    await insertLedgerEntry(db, { bookingId: randomUUID(), amountCents: 95050, occurredAt: new Date("2026-03-31T22:30:00Z") });
    // The oldest entry: the month picker reaches back to it.
    await insertLedgerEntry(db, { bookingId: randomUUID(), amountCents: 50000, occurredAt: new Date("2024-11-10T10:00:00Z"), provider: "manual", actorName: "System" });
  });

  it("lists the month's payments and refunds in Johannesburg time, oldest first, refunds negative", async () => {
    const statement = await monthlyStatement(database.db, "2026-03", now);
    expect(statement.month).toBe("2026-03");
    expect(statement.monthLabel).toBe("March 2026");
    expect(statement.rows.map(({ id: _id, ...row }) => row)).toEqual([
      {
        occurredAt: "2026-02-28T22:30:00.000Z",
        reference: "3F2A9C1B",
        bookingKind: "seminar",
        kind: "Seminar",
        entryType: "payment",
        type: "Payment",
        provider: "stripe",
        providerLabel: "Stripe",
        amountCents: 120000,
        currency: "ZAR",
        by: "Visitor",
        reason: "",
      },
      {
        occurredAt: "2026-03-12T10:00:00.000Z",
        reference: "A1B2C3D4",
        bookingKind: "consultation",
        kind: "Consultation",
        entryType: "payment",
        type: "Payment",
        provider: "manual",
        providerLabel: "Recorded by staff",
        amountCents: 349900,
        currency: "ZAR",
        by: "Zanele Dube",
        reason: "=Paid by EFT, ref 123",
      },
      {
        occurredAt: "2026-03-20T10:00:00.000Z",
        reference: "3F2A9C1B",
        bookingKind: "seminar",
        kind: "Seminar",
        entryType: "refund",
        type: "Refund",
        provider: "stripe",
        providerLabel: "Stripe",
        amountCents: -20050,
        currency: "ZAR",
        by: "Zanele Dube",
        reason: "Could only come to the first half",
      },
    ]);
  });

  it("totals the month: payments, refunds, and revenue as payments minus refunds, the same as its rows", async () => {
    const statement = await monthlyStatement(database.db, "2026-03", now);
    expect(statement.totals).toEqual({
      paymentCents: 469900,
      refundCents: 20050,
      netCents: 449850,
      payments: 2,
      refunds: 1,
      byKind: {
        seminar: { paymentCents: 120000, refundCents: 20050, netCents: 99950, payments: 1, refunds: 1 },
        consultation: { paymentCents: 349900, refundCents: 0, netCents: 349900, payments: 1, refunds: 0 },
      },
    });
    expect(statement.rows.reduce((sum, row) => sum + row.amountCents, 0)).toBe(statement.totals.netCents);
    expect(statement.totals.netCents).toBe((await ledgerTotals(database.db, { from: new Date("2026-02-28T22:00:00Z"), to: new Date("2026-03-31T22:00:00Z") })).netCents);
  });

  it("shows this month when none is asked for, and an empty month as empty", async () => {
    expect((await monthlyStatement(database.db, undefined, now)).month).toBe("2026-03");
    const january = await monthlyStatement(database.db, "2026-01", now);
    expect(january.rows).toEqual([]);
    expect(january.totals).toMatchObject({ paymentCents: 0, refundCents: 0, netCents: 0, payments: 0, refunds: 0 });
  });

  it("offers every month from the ledger's first to this one, newest first, and the month shown", async () => {
    const { months } = await monthlyStatement(database.db, "2026-03", now);
    expect(months[0]).toEqual({ value: "2026-03", label: "March 2026" });
    expect(months.at(-1)).toEqual({ value: "2024-11", label: "November 2024" });
    expect(months).toHaveLength(17);
    const older = await monthlyStatement(database.db, "2019-05", now);
    expect(older.months.at(-1)).toEqual({ value: "2019-05", label: "May 2019" });
  });

  it("writes the same rows as CSV: South African times, signed amounts a spreadsheet can add up, formulas defused", async () => {
    const { filename, body } = statementCsv(await monthlyStatement(database.db, "2026-03", now));
    expect(filename).toBe("ledger-statement-2026-03.csv");
    expect(body.startsWith("\uFEFF")).toBe(true);
    const lines = body.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe(STATEMENT_CSV_COLUMNS.join(","));
    expect(lines[0]).toBe("Date (South African time),Booking reference,Kind,Type,Provider,Amount (R),Currency,By,Reason,Entry id");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^2026-03-01 00:30,3F2A9C1B,Seminar,Payment,Stripe,1200\.00,ZAR,Visitor,,[0-9a-f-]{36}$/);
    expect(lines[2]).toMatch(/^2026-03-12 12:00,A1B2C3D4,Consultation,Payment,Recorded by staff,3499\.00,ZAR,Zanele Dube,"'=Paid by EFT, ref 123",[0-9a-f-]{36}$/);
    expect(lines[3]).toMatch(/^2026-03-20 12:00,3F2A9C1B,Seminar,Refund,Stripe,-200\.50,ZAR,Zanele Dube,Could only come to the first half,[0-9a-f-]{36}$/);
    const amounts = lines.slice(1).map((line) => Number(line.split(",")[5]));
    expect(Math.round(amounts.reduce((sum, amount) => sum + amount, 0) * 100)).toBe(449850);
  });

  it("answers the CSV as an uncached download", async () => {
    const response = await statementCsvResponse(database.db, "2026-02", now);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="ledger-statement-2026-02.csv"');
    expect(response.headers.get("cache-control")).toBe("no-store");
    const lines = (await response.text()).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("2026-02-28 23:59,");
  });
});
