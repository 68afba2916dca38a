import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seminarBookings, users } from "#db/schema/index.ts";
import { countedReads } from "../../../../tests/support/counted-reads.ts";
import { insertSeminar } from "../../../../tests/support/fixtures.ts";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../../tests/support/test-database.ts";
import { listPosition } from "~/lib/keyset.ts";
import { parseBookingListQuery } from "./schema.ts";
import { adminBookingsPage, BOOKINGS_CSV_COLUMNS, bookingsCsv, bookingsCsvResponse } from "./bookings.server.ts";

let database: TestDatabase;
let durban: Awaited<ReturnType<typeof insertSeminar>>;
let joburg: Awaited<ReturnType<typeof insertSeminar>>;

const query = (search: string) => parseBookingListQuery(new URLSearchParams(search));

/** The whole export as text, byte-order mark kept (Response.text() would drop it). */
async function csvOf(search: string, now?: Date, batchSize?: number) {
  const { filename, body } = bookingsCsv(database.db, query(search), { now, batchSize });
  return { filename, body: await textOf(body) };
}

async function textOf(body: ReadableStream<Uint8Array>) {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(body).arrayBuffer());
}

/** A small RFC 4180 reader for the test: quoted fields, doubled quotes, CRLF inside quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += char;
  }
  if (field !== "" || row.length > 0) rows.push([...row, field]);
  return rows;
}

async function book(seminarId: string, person: Partial<typeof seminarBookings.$inferInsert> & { firstName: string; lastName: string; email: string }, createdAt: Date) {
  const [contact] = await database.db.insert(users).values({ firstName: person.firstName, lastName: person.lastName, email: person.email, phone: person.phone ?? null }).returning();
  const [row] = await database.db
    .insert(seminarBookings)
    .values({ userId: contact!.id, seminarId, status: "confirmed", amountCents: 120000, createdAt, ...person })
    .returning();
  return row!;
}

beforeAll(async () => {
  database = await createTestDatabase();
  durban = await insertSeminar(database.db, { title: "Durban Evening", city: "Durban", seminarDate: "2030-03-05" });
  joburg = await insertSeminar(database.db, { title: "Joburg Careers, Q&A \"Live\"", city: "Johannesburg", seminarDate: "2030-04-10" });
  const base = Date.UTC(2030, 0, 1, 10, 0);
  // 30 bookings on Durban (paid and not), a few on Johannesburg with awkward values.
  for (let n = 0; n < 30; n++) {
    await book(
      durban.id,
      {
        firstName: `Guest${String(n).padStart(2, "0")}`,
        lastName: "Ndlovu",
        email: `guest${n}@example.com`,
        phone: `+27 82 555 ${String(2000 + n)}`,
        isPaid: n % 3 === 0,
        paidAt: n % 3 === 0 ? new Date(base + n * 60_000 + 30_000) : null,
        status: n % 10 === 9 ? "cancelled" : "confirmed",
      },
      new Date(base + n * 60_000),
    );
  }
  await book(joburg.id, { firstName: "=HYPERLINK(\"http://evil.example\")", lastName: "@SUM(A1:A2)", email: "formula@example.com", phone: "-2+3", status: "refunded", amountCents: 99950 }, new Date(base + 100 * 60_000));
  await book(joburg.id, { firstName: "Thandi, \"TJ\"", lastName: "Nkosi\nSecond line", email: "thandi.nkosi@example.co.za", phone: "082 555 0123", preferredContact: "whatsapp", status: "pending", holdExpiresAt: new Date(base + 200 * 60_000) }, new Date(base + 101 * 60_000));
});

afterAll(async () => {
  await database?.close();
});

describe(`/admin/bookings (${testEngine})`, () => {
  it("lists every booking with its seminar and state, newest first, 25 a page by cursor", async () => {
    const first = await adminBookingsPage(database.db, query(""));
    expect(first.total).toEqual({ count: 32, capped: false });
    expect(first.nav.newer).toBeNull();
    expect(first.bookings).toHaveLength(25);
    expect(first.bookings[0]).toMatchObject({ firstName: "Thandi, \"TJ\"", seminar: { id: joburg.id, city: "Johannesburg", seminarTime: "18:00" }, state: { label: "Held" }, cancellation: null });
    expect(first.bookings[0]!.reference).toMatch(/^[0-9A-F]{8}$/);
    const second = await adminBookingsPage(database.db, query(""), first.nav.older!);
    expect(second.bookings).toHaveLength(7);
    expect(second.nav.older).toBeNull();
    expect(new Set([...first.bookings, ...second.bookings].map((b) => b.id)).size).toBe(32);
    // The last page is the oldest 25, read from the other end.
    const last = await adminBookingsPage(database.db, query(""), listPosition(new URLSearchParams("last=1")));
    expect(last.bookings.map((b) => b.id)).toEqual([...first.bookings, ...second.bookings].slice(-25).map((b) => b.id));
    expect(last.nav).toMatchObject({ older: null, newer: { from: "before" } });
    // An older link's page number, or a tampered cursor, shows the first page.
    for (const search of ["page=2", "after=bm90LWEtY3Vyc29y", "before=%27%20or%201%3D1"]) {
      const shown = await adminBookingsPage(database.db, query(search), listPosition(new URLSearchParams(search)));
      expect(shown.bookings.map((b) => b.id), search).toEqual(first.bookings.map((b) => b.id));
    }
  });

  it("searches names, e-mail, phone and seminar title, case-insensitively", async () => {
    const total = async (search: string) => (await adminBookingsPage(database.db, query(search))).total.count;
    expect(await total("q=guest0")).toBe(10);
    expect(await total("q=GUEST07")).toBe(1);
    expect(await total("q=guest07%20ndlovu")).toBe(1);
    expect(await total("q=guest7%40EXAMPLE.com")).toBe(1);
    expect(await total("q=555%202011")).toBe(1);
    expect(await total("q=careers")).toBe(2);
    expect(await total("q=100%25")).toBe(0);
  });

  it("filters by seminar, state, status and paid, together with the search", async () => {
    const total = async (search: string) => (await adminBookingsPage(database.db, query(search))).total.count;
    expect(await total(`seminar=${durban.id}`)).toBe(30);
    expect(await total(`seminar=${joburg.id}&status=refunded`)).toBe(1);
    expect(await total("status=cancelled")).toBe(3);
    expect(await total("paid=yes")).toBe(10);
    expect(await total(`paid=no&seminar=${durban.id}`)).toBe(20);
    expect(await total("paid=yes&status=cancelled")).toBe(1);
    expect(await total("paid=yes&q=guest0")).toBe(4);
    expect(await total("state=held")).toBe(1);
    expect(await total("state=confirmed")).toBe(27);
    expect(await total("state=cancelled")).toBe(4);
    expect(await total("state=refunded")).toBe(1);
    expect(await total(`state=confirmed&paid=yes&seminar=${durban.id}`)).toBe(9);
    // A hand-edited URL is repaired, never an error.
    expect(await total("seminar=not-a-uuid&state=gone&status=deleted&paid=maybe&page=-4")).toBe(32);
  });
});

describe(`the bookings CSV (${testEngine})`, () => {
  it("holds every filtered row across all pages, with the columns of docs/product.md §3.7 and South African times", async () => {
    const { filename, body } = await csvOf(`seminar=${durban.id}`, new Date("2030-01-31T23:30:00Z"));
    expect(filename).toBe("seminar-bookings-2030-02-01.csv");
    expect(body.startsWith("\uFEFF")).toBe(true);
    const rows = parseCsv(body.slice(1));
    expect(rows[0]).toEqual([...BOOKINGS_CSV_COLUMNS]);
    expect(rows).toHaveLength(31);
    const guest03 = rows.find((row) => row[5] === "Guest03")!;
    expect(guest03).toEqual([
      expect.stringMatching(/^[0-9A-F]{8}$/),
      "2030-01-01 12:03",
      "Durban Evening",
      "2030-03-05",
      "Durban",
      "Guest03",
      "Ndlovu",
      "guest3@example.com",
      "'+27 82 555 2003",
      "Email",
      "Confirmed · Paid",
      "Yes",
      "1200.00",
      "2030-01-01 12:03",
      "0.00",
      "1200.00",
      "",
      "",
      "",
      "1",
      "",
      // Checked in at the door (docs/decisions/025): none yet.
      "0 of 1",
    ]);
    const guest04 = rows.find((row) => row[5] === "Guest04")!;
    expect(guest04.slice(10)).toEqual(["Confirmed · Unpaid", "No", "1200.00", "", "0.00", "0.00", "", "", "", "1", "", "0 of 1"]);
  });

  it("quotes commas, quotes and line breaks, and defuses spreadsheet formulas", async () => {
    const { body } = await csvOf(`seminar=${joburg.id}`);
    expect(body).toContain('"Joburg Careers, Q&A ""Live"""');
    const rows = parseCsv(body.slice(1));
    expect(rows).toHaveLength(3);
    const formula = rows.find((row) => row[7] === "formula@example.com")!;
    expect(formula[5]).toBe("'=HYPERLINK(\"http://evil.example\")");
    expect(formula[6]).toBe("'@SUM(A1:A2)");
    expect(formula[8]).toBe("'-2+3");
    expect(formula.slice(10, 13)).toEqual(["Cancelled · Refunded", "No", "999.50"]);
    const thandi = rows.find((row) => row[7] === "thandi.nkosi@example.co.za")!;
    expect(thandi.slice(5, 11)).toEqual(["Thandi, \"TJ\"", "Nkosi\nSecond line", "thandi.nkosi@example.co.za", "082 555 0123", "WhatsApp", "Held"]);
    // No cell of the file starts a formula.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it("follows the search and filters of the page", async () => {
    const rows = parseCsv((await csvOf("paid=yes&q=guest0")).body.slice(1));
    expect(rows.slice(1).map((row) => row[5]).sort()).toEqual(["Guest00", "Guest03", "Guest06", "Guest09"]);
    const none = parseCsv((await csvOf("q=nobody-at-all")).body.slice(1));
    expect(none).toEqual([[...BOOKINGS_CSV_COLUMNS]]);
  });

  it("is answered as a download that is never cached", async () => {
    const response = await bookingsCsvResponse(database.db, query(""), new Date("2030-06-01T10:00:00Z"));
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="seminar-bookings-2030-06-01.csv"');
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(parseCsv((await response.text()).replace(/^\uFEFF/, ""))).toHaveLength(33);
  });
});

describe(`cancelled bookings on /admin/bookings and in the CSV (${testEngine})`, () => {
  let capeTown: Awaited<ReturnType<typeof insertSeminar>>;
  const cancelledAt = new Date(Date.UTC(2030, 1, 2, 8, 15));

  beforeAll(async () => {
    capeTown = await insertSeminar(database.db, { title: "Cape Town Morning", city: "Cape Town", seminarDate: "2030-05-01" });
    const base = Date.UTC(2030, 1, 1, 10, 0);
    const cancelled = { status: "cancelled" as const, cancelledAt, cancelledBy: "Zanele Dube", isPaid: true, paidAt: new Date(base) };
    await book(capeTown.id, { firstName: "Owed", lastName: "Back", email: "owed@example.com", ...cancelled, refundDue: true, cancelReason: "=Venue flooded" }, new Date(base));
    await book(capeTown.id, { firstName: "Partly", lastName: "Back", email: "partly@example.com", ...cancelled, refundDue: true, refundedCents: 20000, cancelReason: "Moved" }, new Date(base + 60_000));
    await book(capeTown.id, { firstName: "All", lastName: "Back", email: "all@example.com", ...cancelled, refundedCents: 120000, cancelReason: "Asked" }, new Date(base + 120_000));
    await book(capeTown.id, { firstName: "Waived", lastName: "Refund", email: "waived@example.com", ...cancelled, cancelReason: "No-show policy" }, new Date(base + 180_000));
  });

  it("shows each row's state, what came back and who cancelled it, when and why", async () => {
    const { bookings } = await adminBookingsPage(database.db, query(`seminar=${capeTown.id}`));
    const by = (email: string) => bookings.find((booking) => booking.email === email)!;
    expect(by("owed@example.com")).toMatchObject({ state: { label: "Cancelled · Refund due", tone: "refund_due" }, refundedCents: 0, netCents: 120000, cancellation: { cancelledAt: cancelledAt.toISOString(), cancelledBy: "Zanele Dube", cancelReason: "=Venue flooded" } });
    expect(by("partly@example.com")).toMatchObject({ state: { label: "Cancelled · Refund due" }, netCents: 100000 });
    expect(by("all@example.com")).toMatchObject({ state: { label: "Cancelled · Refunded" }, netCents: 0 });
    expect(by("waived@example.com")).toMatchObject({ state: { label: "Cancelled · Paid" }, netCents: 120000 });
  });

  it("filters the refunds still owed and the money given back", async () => {
    const emails = async (search: string) => (await adminBookingsPage(database.db, query(`seminar=${capeTown.id}&${search}`))).bookings.map((booking) => booking.email).sort();
    expect(await emails("state=refund_due")).toEqual(["owed@example.com", "partly@example.com"]);
    expect(await emails("state=refunded")).toEqual(["all@example.com", "partly@example.com"]);
    expect(await emails("state=cancelled")).toHaveLength(4);
    expect(await emails("state=confirmed")).toEqual([]);
  });

  it("writes the state, the refunded and net amounts and the cancellation in the CSV, defusing a reason that looks like a formula", async () => {
    const rows = parseCsv((await csvOf(`seminar=${capeTown.id}`)).body.slice(1));
    const column = (name: (typeof BOOKINGS_CSV_COLUMNS)[number]) => BOOKINGS_CSV_COLUMNS.indexOf(name);
    const row = (email: string) => rows.find((cells) => cells[column("E-mail")] === email)!;
    const facts = (email: string) => ["State", "Paid", "Amount (R)", "Refunded (R)", "Net (R)", "Cancelled at", "Cancelled by", "Cancel reason"].map((name) => row(email)[column(name as (typeof BOOKINGS_CSV_COLUMNS)[number])]);
    expect(facts("owed@example.com")).toEqual(["Cancelled · Refund due", "Yes", "1200.00", "0.00", "1200.00", "2030-02-02 10:15", "Zanele Dube", "'=Venue flooded"]);
    expect(facts("partly@example.com")).toEqual(["Cancelled · Refund due", "Yes", "1200.00", "200.00", "1000.00", "2030-02-02 10:15", "Zanele Dube", "Moved"]);
    expect(facts("all@example.com")).toEqual(["Cancelled · Refunded", "Yes", "1200.00", "1200.00", "0.00", "2030-02-02 10:15", "Zanele Dube", "Asked"]);
    const filtered = parseCsv((await csvOf(`seminar=${capeTown.id}&state=refund_due`)).body.slice(1));
    expect(filtered).toHaveLength(3);
  });
});

describe(`the bookings CSV is streamed in batches (${testEngine})`, () => {
  let streamed: Awaited<ReturnType<typeof insertSeminar>>;
  let contactId: string;

  beforeAll(async () => {
    streamed = await insertSeminar(database.db, { title: "Streamed Evening", city: "Pretoria", seminarDate: "2030-07-01" });
    const [contact] = await database.db.insert(users).values({ firstName: "Batch", lastName: "Reader", email: "batch.reader@example.com" }).returning();
    contactId = contact!.id;
    // 25 bookings a microsecond apart (within one millisecond) and 5 at one same instant: batch
    // edges fall between rows a JavaScript Date cannot tell apart.
    await database.db.execute(sql`
      insert into seminar_bookings (user_id, seminar_id, first_name, last_name, email, status, created_at)
      select ${contact!.id}, ${streamed.id}, 'Streamed', lpad(n::text, 2, '0'), 'streamed' || n || '@example.com', 'confirmed',
             timestamptz '2030-06-01 10:00:00.123000+00' + least(n, 25) * interval '1 microsecond'
      from generate_series(1, 30) as n`);
  });

  it("reads every row exactly once across batch edges, ties and microseconds included", async () => {
    const rows = parseCsv((await csvOf(`seminar=${streamed.id}`, undefined, 7)).body.slice(1)).slice(1);
    const names = rows.map((row) => row[6]);
    expect(names).toHaveLength(30);
    expect(new Set(names).size).toBe(30);
  });

  it("sends its first rows before the last are read from the database", async () => {
    const { body } = bookingsCsv(database.db, query(`seminar=${streamed.id}`), { batchSize: 10 });
    const reader = body.getReader();
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    let sent = "";
    while (!sent.includes("streamed")) sent += decoder.decode((await reader.read()).value);
    // A booking older than all the others belongs in the export's last batch: it is in the
    // file only if that batch is read after the first rows went out.
    await database.db
      .insert(seminarBookings)
      .values({ userId: contactId, seminarId: streamed.id, firstName: "Arrived", lastName: "Late", email: "late@example.com", status: "confirmed", createdAt: new Date("2029-01-01T00:00:00Z") });
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      sent += decoder.decode(value);
    }
    expect(sent).toContain("late@example.com");
    expect(parseCsv(sent.slice(1))).toHaveLength(32);
  });

  it("reads a large export one batch at a time as the download goes, never all of it up front", async () => {
    const large = await insertSeminar(database.db, { title: "Large Evening", city: "Pretoria", seminarDate: "2030-08-01" });
    await database.db.execute(sql`
      insert into seminar_bookings (user_id, seminar_id, first_name, last_name, email, status, created_at)
      select ${contactId}, ${large.id}, 'Large', 'Booker' || n, 'large' || n || '@example.com', 'confirmed', timestamptz '2030-06-01 10:00:00+00' + n * interval '1 second'
      from generate_series(1, 1000) as n`);
    const { db, reads } = countedReads(database.db);
    const reader = bookingsCsv(db, query(`seminar=${large.id}`), { batchSize: 100 }).body.getReader();
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    let sent = "";
    while (!sent.includes("Booker")) sent += decoder.decode((await reader.read()).value);
    // The header and the first batch are out; at most the next batch has been asked for, of ten.
    expect(reads()).toBeLessThanOrEqual(2);
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      sent += decoder.decode(value);
    }
    // Ten reads of 100 in all: each reads one row more than its batch, so the last knows it is the last.
    expect(reads()).toBe(10);
    expect(parseCsv(sent.slice(1))).toHaveLength(1001);
  });
});
