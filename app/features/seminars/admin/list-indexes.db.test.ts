import { desc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, seminarBookings, users } from "#db/schema/index.ts";
import { outboxKeys, outboxPageSelect } from "~/features/mail/service.server.ts";
import { encodeCursor, keysetSlice } from "~/lib/keyset.server.ts";
import type { ListPosition } from "~/lib/keyset.ts";
import { contactSearchCondition } from "~/features/contacts/service.server.ts";
import { insertSeminar } from "../../../../tests/support/fixtures.ts";
import { planOf } from "../../../../tests/support/plans.ts";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../../tests/support/test-database.ts";
import { bookingListKeys, bookingPageSelect, bookingsPageForAdmin, seminarMatches } from "./queries.server.ts";
import { parseBookingListQuery } from "./schema.ts";

// Whether the portal's list queries CAN be answered by their indexes (migration 0008,
// docs/decisions/029): with sequential scans priced out, the plan of each real query must name
// the index, so a query whose expression drifts from its index's (and would read every row of
// years of data) fails here. Whether the planner then chooses the index is its business.

let database: TestDatabase;
/** A Sort step of a plan (an "Incremental Sort" too), as opposed to rows read in the index's order. */
const sortNode = /(^|->\s+)(Incremental )?Sort\b/m;
const query = (search: string) => parseBookingListQuery(new URLSearchParams(search));

beforeAll(async () => {
  database = await createTestDatabase();
  const durban = await insertSeminar(database.db, { title: "Durban Evening", city: "Durban" });
  const capeTown = await insertSeminar(database.db, { title: "Cape Town Morning", city: "Cape Town" });
  for (let n = 0; n < 42; n++) {
    const seminar = n < 40 ? durban : capeTown;
    const [contact] = await database.db
      .insert(users)
      .values({ firstName: `Guest${n}`, lastName: "Ndlovu", email: `guest${n}@example.com`, phone: `+27 82 555 ${2000 + n}` })
      .returning();
    await database.db
      .insert(seminarBookings)
      .values({ userId: contact!.id, seminarId: seminar.id, firstName: contact!.firstName, lastName: "Ndlovu", email: contact!.email, phone: contact!.phone, status: "confirmed" });
  }
  for (let n = 0; n < 60; n++) {
    await database.db
      .insert(emailOutbox)
      .values({ kind: "note", toAddress: `guest${n}@example.com`, subject: `Note ${n}`, textBody: "", htmlBody: "", status: n % 3 === 0 ? "sent" : "queued" });
  }
  await database.db.execute(sql`analyze`);
});

afterAll(async () => {
  await database?.close();
});

/** The first page of the bookings list, as the page reads it. */
const firstPage = keysetSlice(bookingListKeys, { from: "first" }, 25);

/** Every booking a search finds (at most a page of 100). */
const found = async (bookings: ReturnType<typeof query>) => (await bookingsPageForAdmin(database.db, bookings, { from: "first" }, 100)).rows;

describe(`the portal's lists use their indexes (${testEngine})`, () => {
  it("a bookings search reads the trigram index of the booker's name, e-mail and phone", async () => {
    const plan = await planOf(database.db, (await bookingPageSelect(database.db, query("q=guest12"), firstPage)).statement, { search: true });
    expect(plan).toContain("seminar_bookings_search_trgm_idx");
  });

  it("a seminars search (the portal's list, and /events with the same expression) reads the seminars' trigram index", async () => {
    const plan = await planOf(database.db, seminarMatches(database.db, { q: "cape town", show: "all" }), { search: true });
    expect(plan).toContain("seminars_search_trgm_idx");
    const [matched] = await seminarMatches(database.db, { q: "cape town", show: "all" });
    expect(matched?.total).toBe(1);
  });

  it("a search that also matches a seminar's title reads the bookings of that seminar by its index", async () => {
    const plan = await planOf(database.db, (await bookingPageSelect(database.db, query("q=cape town"), firstPage)).statement, { search: true });
    expect(plan).toContain("seminar_bookings_search_trgm_idx");
    expect(plan).toContain("seminar_bookings_seminar_idx");
  });

  it("the bookings list, newest first, reads the (created_at, id) index on any page, the last one included, and sorts nothing", async () => {
    const [oldest] = await database.db.select({ at: sql<string>`to_char(min(created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` }).from(seminarBookings);
    const deep = await database.db.select({ id: seminarBookings.id }).from(seminarBookings).orderBy(seminarBookings.createdAt, seminarBookings.id).limit(1);
    const cursor = encodeCursor(`${oldest!.at}~${deep[0]!.id}`);
    for (const position of [{ from: "first" }, { from: "last" }, { from: "after", cursor }, { from: "before", cursor }] satisfies ListPosition[]) {
      const plan = await planOf(database.db, (await bookingPageSelect(database.db, query(""), keysetSlice(bookingListKeys, position, 25))).statement);
      expect(plan, position.from).toContain("seminar_bookings_created_idx");
      expect(plan, position.from).not.toMatch(sortNode);
      // Past a cursor, the index seeks to it (an index condition), rather than reading from the start and filtering.
      if (position.from === "after" || position.from === "before") expect(plan, position.from).toMatch(/Index Cond: \(ROW\(created_at, id\)/);
    }
    // Reading the oldest rows first walks the same index the other way.
    expect(await planOf(database.db, (await bookingPageSelect(database.db, query(""), keysetSlice(bookingListKeys, { from: "last" }, 25))).statement)).toMatch(
      /Index Scan Backward using seminar_bookings_created_idx/,
    );
  });

  it("the outbox's last page, all of it or one status, reads its (created_at, id) index backward and sorts nothing", async () => {
    for (const [status, index] of [
      [undefined, "email_outbox_created_idx"],
      ["queued", "email_outbox_status_created_idx"],
    ] as const) {
      const plan = await planOf(database.db, outboxPageSelect(database.db, status, keysetSlice(outboxKeys, { from: "last" }, 25)).statement);
      expect(plan).toMatch(new RegExp(`Index Scan Backward using ${index}`));
      expect(plan).not.toMatch(sortNode);
    }
  });

  it("would fail with a sort over the table: an order its index cannot give is sorted", async () => {
    const plan = await planOf(database.db, database.db.select({ id: seminarBookings.id }).from(seminarBookings).orderBy(seminarBookings.createdAt, desc(seminarBookings.id)).limit(25));
    expect(plan).toMatch(sortNode);
  });

  it("a contact search reads the trigram indexes of the text and of the phone's digits", async () => {
    const byText = await planOf(database.db, database.db.select({ id: users.id }).from(users).where(contactSearchCondition("guest1")), { search: true });
    expect(byText).toContain("users_search_trgm_idx");
    const byDigits = await planOf(database.db, database.db.select({ id: users.id }).from(users).where(contactSearchCondition("082 555 20")), { search: true });
    expect(byDigits).toContain("users_search_trgm_idx");
    expect(byDigits).toContain("users_phone_digits_trgm_idx");
  });

  it("still finds what the old per-column search found", async () => {
    expect(await found(query("q=guest12%40example"))).toHaveLength(1);
    expect(await found(query("q=Guest3 Ndlovu"))).toHaveLength(1);
    expect(await found(query("q=555 2007"))).toHaveLength(1);
    expect(await found(query("q=Durban Evening"))).toHaveLength(40);
    expect(await found(query("q=cape"))).toHaveLength(2);
    expect((await database.db.select({ id: users.id }).from(users).where(contactSearchCondition("0825552031"))).length).toBe(1);
  });
});
