import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { countedReads } from "../../../tests/support/counted-reads.ts";
import { insertLedgerEntry } from "../../../tests/support/ledger.ts";
import { testEngine, useTestDatabase } from "../../../tests/support/test-database.ts";
import { monthlyStatement, statementCsv, statementCsvResponse, STATEMENT_CSV_COLUMNS } from "./statement.server.ts";
import { ledgerTotals } from "~/features/payments/service.server.ts";

// The monthly statement on known ledger rows: one Johannesburg month's entries, its totals
// (revenue is payments minus refunds), the month picker's choices, and the CSV, streamed.

const now = new Date("2026-03-15T10:00:00Z");

/** The whole download as text, byte-order mark kept (Response.text() would drop it). */
async function textOf(body: ReadableStream<Uint8Array>) {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(body).arrayBuffer());
}

/** The download as text, given up after `maxChunks` chunks (a cursor that repeats rows would never end). */
async function boundedTextOf(body: ReadableStream<Uint8Array>, maxChunks: number) {
  const reader = body.getReader();
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  let text = "";
  for (let chunks = 0; chunks < maxChunks; chunks++) {
    const { value, done } = await reader.read();
    if (done) return text;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  throw new Error(`The CSV did not end within ${maxChunks} chunks`);
}

/** The entry ids of a statement CSV, in its order. */
const entryIds = (csv: string) =>
  csv
    .slice(1)
    .trimEnd()
    .split("\r\n")
    .slice(1)
    .map((line) => line.split(",").at(-1));
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
    const { filename, body: stream } = statementCsv(database.db, "2026-03");
    const body = await textOf(stream);
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
    const response = statementCsvResponse(database.db, "2026-02", now);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="ledger-statement-2026-02.csv"');
    expect(response.headers.get("cache-control")).toBe("no-store");
    const lines = (await response.text()).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("2026-02-28 23:59,");
  });
});

describe(`the statement CSV is streamed in batches (${testEngine})`, () => {
  const database = useTestDatabase();
  // June 2025 in Johannesburg: 01 June 00:00 SAST is 31 May 22:00 UTC.
  const june = "2025-06";

  beforeAll(async () => {
    // 25 entries a microsecond apart (within one millisecond) and 5 more at one same instant,
    // written by one statement (so one created_at): batch edges fall between entries a
    // JavaScript Date cannot tell apart, and between entries only their ids order.
    await database.db.execute(sql`
      insert into ledger_entries (entry_type, booking_kind, booking_id, amount_cents, provider, provider_reference, actor_name, occurred_at)
      select 'payment', 'seminar', gen_random_uuid(), 1000 + n, 'test', 'tie_' || n, 'Visitor',
             timestamptz '2025-06-02 10:00:00.123000+00' + least(n, 25) * interval '1 microsecond'
      from generate_series(1, 30) as n`);
    // A busy day later in the month: 1,000 payments a second apart.
    await database.db.execute(sql`
      insert into ledger_entries (entry_type, booking_kind, booking_id, amount_cents, provider, provider_reference, actor_name, occurred_at)
      select 'payment', 'seminar', gen_random_uuid(), 120000, 'test', 'busy_' || n, 'Visitor',
             timestamptz '2025-06-10 08:00:00+00' + n * interval '1 second'
      from generate_series(1, 1000) as n`);
  });

  it("writes every entry exactly once, oldest first, across batch edges, ties and microseconds included", async () => {
    const ids = entryIds(await boundedTextOf(statementCsv(database.db, june, { batchSize: 7 }).body, 200));
    expect(ids).toHaveLength(1030);
    expect(new Set(ids).size).toBe(1030);
    // The same order as the statement page, which reads the month in one query.
    expect(ids).toEqual((await monthlyStatement(database.db, june, now)).rows.map((row) => row.id));
  });

  it("sends its first rows before the last batch is read", async () => {
    const { db, reads } = countedReads(database.db);
    const reader = statementCsv(db, june, { batchSize: 100 }).body.getReader();
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    let sent = "";
    while (!sent.includes("Visitor")) sent += decoder.decode((await reader.read()).value);
    // The header and the first batch are out; at most the next batch has been asked for, of eleven.
    const readsAtFirstRows = reads();
    expect(readsAtFirstRows).toBeLessThanOrEqual(2);
    // An entry at the end of the month belongs in the last batch: it is in the file only if
    // that batch is read after the first rows went out.
    await insertLedgerEntry(database.db, { amountCents: 4200, occurredAt: new Date("2025-06-30T21:00:00Z"), actorName: "Late Arrival" });
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      sent += decoder.decode(value);
    }
    expect(reads()).toBeGreaterThanOrEqual(11);
    expect(sent.trimEnd().split("\r\n").at(-1)).toMatch(/^2025-06-30 23:00,[0-9A-F]{8},Seminar,Payment,Test checkout,42\.00,ZAR,Late Arrival,,/);
    expect(entryIds(sent)).toHaveLength(1031);
  });
});
