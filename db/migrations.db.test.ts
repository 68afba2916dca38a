import fs from "node:fs";
import path from "node:path";
import { eq, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-database.ts";
import { MIGRATIONS_DIR, migrateDatabase, rowsOf, type Db } from "./client.ts";
import * as schema from "./schema/index.ts";
import {
  authAccounts,
  authSessions,
  authUsers,
  blogPosts,
  checkoutSessions,
  consultationBookings,
  ledgerEntries,
  profiles,
  seminarBookings,
  seminars,
  users,
} from "./schema/index.ts";

// Runs on the engine of the run: in-memory PGlite, or PostgreSQL when DATABASE_URL is set.

const schemaTables = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort();

async function publicTables(db: Db): Promise<string[]> {
  const result = await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rowsOf<{ table_name: string }>(result).map((row) => row.table_name);
}

describe("migrations", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });
  afterAll(() => database.close());

  it("create every table of the schema in an empty database, and running them again changes nothing", async () => {
    expect(await publicTables(database.db)).toEqual([]);

    await migrateDatabase(database);
    expect(await publicTables(database.db)).toEqual(schemaTables);
    expect(schemaTables).toEqual(expect.arrayContaining(["seminars", "users", "seminar_bookings", "consultation_bookings", "blog_posts", "profiles", "email_outbox"]));

    await migrateDatabase(database);
    expect(await publicTables(database.db)).toEqual(schemaTables);
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as { entries: unknown[] };
    const [applied] = rowsOf<{ count: number }>(await database.db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`));
    expect(applied?.count).toBe(journal.entries.length);
  });
});

type Rejection = { code?: string; constraint?: string };

/** What the database answered when it refused a statement; fails when it accepted it. */
async function rejection(statement: PromiseLike<unknown>): Promise<Rejection> {
  try {
    await statement;
  } catch (error) {
    const cause = ((error as { cause?: unknown }).cause ?? error) as Rejection;
    return { code: cause.code, constraint: cause.constraint };
  }
  throw new Error("The database accepted a statement it should have refused");
}

const checkViolation = (constraint: string) => ({ code: "23514", constraint });

describe("constraints", () => {
  let database: TestDatabase;
  let db: Db;
  let emailNumber = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(() => database.close());

  function seminarValues(overrides: Partial<typeof seminars.$inferInsert> = {}) {
    return {
      title: "Moving to the UK: Durban Information Evening",
      organizerName: "Thula Relocations",
      city: "Durban",
      venueName: "Harbourview Hotel Umhlanga",
      address: "12 Lagoon Drive, Umhlanga Rocks, Durban, 4319",
      location: "Harbourview Hotel Umhlanga, Durban",
      seminarDate: "2031-03-14",
      seminarTime: "18:00",
      ...overrides,
    };
  }

  async function addSeminar(overrides: Partial<typeof seminars.$inferInsert> = {}) {
    const [seminar] = await db.insert(seminars).values(seminarValues(overrides)).returning();
    return seminar!;
  }

  async function addContact(email = `contact${++emailNumber}@example.com`) {
    const [contact] = await db.insert(users).values({ firstName: "Thandiwe", lastName: "Mokoena", email }).returning();
    return contact!;
  }

  function bookingValues(contact: { id: string; email: string }, seminarId: string) {
    return { userId: contact.id, seminarId, firstName: "Thandiwe", lastName: "Mokoena", email: contact.email, amountCents: 120000 };
  }

  function consultationValues(contact: { id: string; email: string }) {
    return { userId: contact.id, firstName: "Thandiwe", lastName: "Mokoena", email: contact.email };
  }

  it("keeps contact e-mails unique whatever their case", async () => {
    await addContact("A@x.example");

    expect(await rejection(db.insert(users).values({ firstName: "A", lastName: "B", email: "a@x.example" }))).toEqual({
      code: "23505",
      constraint: "users_email_lower_unique",
    });
    await expect(addContact("b@x.example")).resolves.toMatchObject({ email: "b@x.example" });
  });

  it("refuses a preferred contact method other than email, phone or whatsapp", async () => {
    const statement = db.insert(users).values({ firstName: "A", lastName: "B", email: "fax@x.example", preferredContact: "fax" as never });
    expect(await rejection(statement)).toEqual(checkViolation("users_preferred_contact_check"));
  });

  it("refuses a negative price, no seats, and more seats taken than exist", async () => {
    expect(await rejection(db.insert(seminars).values(seminarValues({ priceCents: -1 })))).toEqual(checkViolation("seminars_price_check"));
    expect(await rejection(db.insert(seminars).values(seminarValues({ maxAttendees: 0 })))).toEqual(
      checkViolation("seminars_max_attendees_check"),
    );
    expect(await rejection(db.insert(seminars).values(seminarValues({ maxAttendees: 12, currentAttendees: 13 })))).toEqual(
      checkViolation("seminars_attendees_range_check"),
    );
    expect(await rejection(db.insert(seminars).values(seminarValues({ currentAttendees: -1 })))).toEqual(
      checkViolation("seminars_attendees_range_check"),
    );
  });

  it("refuses to take a seat beyond the last one on a full seminar", async () => {
    const seminar = await addSeminar({ maxAttendees: 12, currentAttendees: 12 });
    const takeSeat = db
      .update(seminars)
      .set({ currentAttendees: sql`${seminars.currentAttendees} + 1` })
      .where(eq(seminars.id, seminar.id));

    expect(await rejection(takeSeat)).toEqual(checkViolation("seminars_attendees_range_check"));
    const [after] = await db.select({ currentAttendees: seminars.currentAttendees }).from(seminars).where(eq(seminars.id, seminar.id));
    expect(after?.currentAttendees).toBe(12);
  });

  it("refuses unknown booking statuses and consultation types, and negative amounts", async () => {
    const seminar = await addSeminar();
    const contact = await addContact();

    const badSeminarStatus = db.insert(seminarBookings).values({ ...bookingValues(contact, seminar.id), status: "paid" as never });
    expect(await rejection(badSeminarStatus)).toEqual(checkViolation("seminar_bookings_status_check"));
    const negativeAmount = db.insert(seminarBookings).values({ ...bookingValues(contact, seminar.id), amountCents: -100 });
    expect(await rejection(negativeAmount)).toEqual(checkViolation("seminar_bookings_amount_check"));

    const badType = db.insert(consultationBookings).values({ ...consultationValues(contact), consultationType: "premium" as never });
    expect(await rejection(badType)).toEqual(checkViolation("consultation_bookings_type_check"));
    const badConsultationStatus = db.insert(consultationBookings).values({ ...consultationValues(contact), status: "done" as never });
    expect(await rejection(badConsultationStatus)).toEqual(checkViolation("consultation_bookings_status_check"));

    const badPostStatus = db
      .insert(blogPosts)
      .values({ slug: "bad-status", title: "A title", intro: "An intro.", status: "archived" as never });
    expect(await rejection(badPostStatus)).toEqual(checkViolation("blog_posts_status_check"));
  });

  it("refuses a booking for a seminar that does not exist", async () => {
    const contact = await addContact();
    const orphan = db.insert(seminarBookings).values(bookingValues(contact, "00000000-0000-4000-8000-000000000000"));
    expect(await rejection(orphan)).toMatchObject({ code: "23503" });
  });

  it("stores admin notes only as a JSON list, and gives the list back as written", async () => {
    const contact = await addContact();
    const notAList = db
      .insert(consultationBookings)
      .values({ ...consultationValues(contact), adminNotes: { note: "Called back" } as never });
    expect(await rejection(notAList)).toEqual(checkViolation("consultation_bookings_notes_array_check"));

    const notes = [{ datetime: "2031-03-14T08:30:00.000Z", note: "Called back, sent the checklist", admin_name: "Zanele Dube" }];
    const [booking] = await db.insert(consultationBookings).values({ ...consultationValues(contact), adminNotes: notes }).returning();
    expect(booking?.adminNotes).toEqual(notes);
    const [defaulted] = await db.insert(consultationBookings).values(consultationValues(contact)).returning();
    expect(defaulted?.adminNotes).toEqual([]);
  });

  it("refuses to delete a seminar or a contact that has bookings: they are cancelled or anonymised instead", async () => {
    const contact = await addContact();
    const booked = await addSeminar();
    const empty = await addSeminar();
    await db.insert(seminarBookings).values(bookingValues(contact, booked.id));
    await db.insert(consultationBookings).values(consultationValues(await addContact()));

    expect(await rejection(db.delete(seminars).where(eq(seminars.id, booked.id)))).toMatchObject({ constraint: "seminar_bookings_seminar_id_seminars_id_fk" });
    expect(await rejection(db.delete(users).where(eq(users.id, contact.id)))).toMatchObject({ constraint: "seminar_bookings_user_id_users_id_fk" });
    const [consulting] = await db.select({ userId: consultationBookings.userId }).from(consultationBookings).limit(1);
    expect(await rejection(db.delete(users).where(eq(users.id, consulting!.userId)))).toMatchObject({ constraint: "consultation_bookings_user_id_users_id_fk" });

    await db.delete(seminars).where(eq(seminars.id, empty.id));
    expect(await db.select().from(seminars).where(eq(seminars.id, empty.id))).toEqual([]);
  });

  it("refuses to delete a booking with a checkout or a payment on record, and lets an untouched one go", async () => {
    const contact = await addContact();
    const seminar = await addSeminar();
    const [paid, checkedOut, untouched] = await db
      .insert(seminarBookings)
      .values([{ ...bookingValues(contact, seminar.id), isPaid: true, paidAt: new Date() }, bookingValues(contact, seminar.id), bookingValues(contact, seminar.id)])
      .returning();
    await db.insert(checkoutSessions).values({
      id: "cs_test_kept",
      provider: "test",
      bookingKind: "seminar",
      bookingId: checkedOut!.id,
      amountCents: 120000,
      url: "http://localhost/checkout/test/cs_test_kept",
      expiresAt: new Date(),
    });
    const [consultation] = await db.insert(consultationBookings).values({ ...consultationValues(contact), isPaid: true, amountCents: 349900 }).returning();

    for (const id of [paid!.id, checkedOut!.id]) {
      expect(await rejection(db.delete(seminarBookings).where(eq(seminarBookings.id, id)))).toMatchObject({ code: "23001" });
    }
    expect(await rejection(db.delete(consultationBookings).where(eq(consultationBookings.id, consultation!.id)))).toMatchObject({ code: "23001" });
    await db.delete(seminarBookings).where(eq(seminarBookings.id, untouched!.id));
    expect(await db.select({ id: seminarBookings.id }).from(seminarBookings).where(eq(seminarBookings.seminarId, seminar.id))).toHaveLength(2);
  });

  it("keeps the ledger append-only and its amounts positive", async () => {
    const entry = {
      entryType: "payment" as const,
      bookingKind: "seminar" as const,
      bookingId: "00000000-0000-4000-8000-000000000001",
      amountCents: 120000,
      provider: "test" as const,
      providerReference: "cs_test_ledger",
      actorName: "Visitor",
      occurredAt: new Date(),
    };
    expect(await rejection(db.insert(ledgerEntries).values({ ...entry, amountCents: 0 }))).toEqual(checkViolation("ledger_entries_amount_check"));
    await db.insert(ledgerEntries).values(entry);
    expect(await rejection(db.insert(ledgerEntries).values(entry))).toEqual({ code: "23505", constraint: "ledger_entries_reference_unique" });
    expect(await rejection(db.update(ledgerEntries).set({ amountCents: 1 }))).toMatchObject({ code: "42501" });
    expect(await rejection(db.delete(ledgerEntries))).toMatchObject({ code: "42501" });
    expect(await rejection(db.execute(sql`truncate ledger_entries`))).toMatchObject({ code: "42501" });
    expect(await db.select({ amountCents: ledgerEntries.amountCents }).from(ledgerEntries)).toEqual([{ amountCents: 120000 }]);
  });

  it("deleting a sign-in account deletes its profile, sessions and credentials", async () => {
    await db.insert(authUsers).values({ id: "account-1", name: "Zanele Dube", email: "zanele@example.com" });
    await db.insert(profiles).values({ id: "account-1", isAdmin: true });
    await db.insert(authSessions).values({ id: "session-1", token: "token-1", userId: "account-1", expiresAt: new Date("2031-01-01T00:00:00Z") });
    await db.insert(authAccounts).values({ id: "credential-1", accountId: "account-1", providerId: "credential", userId: "account-1" });

    await db.delete(authUsers).where(eq(authUsers.id, "account-1"));

    expect(await db.select().from(profiles).where(eq(profiles.id, "account-1"))).toEqual([]);
    expect(await db.select().from(authSessions).where(eq(authSessions.userId, "account-1"))).toEqual([]);
    expect(await db.select().from(authAccounts).where(eq(authAccounts.userId, "account-1"))).toEqual([]);
  });

  it("stores money as exact cents and calendar dates and times without shifting them", async () => {
    const seminar = await addSeminar({ priceCents: 119999, seminarDate: "2031-02-28", seminarTime: "18:30" });
    const contact = await addContact();
    await db
      .insert(seminarBookings)
      .values([33333, 33333, 33334].map((amountCents) => ({ ...bookingValues(contact, seminar.id), amountCents })));

    const [stored] = await db.select().from(seminars).where(eq(seminars.id, seminar.id));
    expect(stored).toMatchObject({ priceCents: 119999, seminarDate: "2031-02-28", seminarTime: "18:30:00" });
    const [total] = rowsOf<{ total: string | number }>(
      await db.execute(sql`select sum(amount_cents) as total from seminar_bookings where seminar_id = ${seminar.id}`),
    );
    expect(Number(total?.total)).toBe(100000);
  });
});
