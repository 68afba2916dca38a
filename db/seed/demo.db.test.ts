import { eq, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consultation } from "../../app/content/site.ts";
import { addDays, todayIn } from "../../app/lib/format.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-database.ts";
import type { Db } from "../client.ts";
import * as schema from "../schema/index.ts";
import { blogPosts, consultationBookings, ledgerEntries, seminarBookings, seminars, users } from "../schema/index.ts";
import { demoSeminars } from "./seminars.ts";
import { seedDemoData } from "./demo.ts";
import { demoRules } from "../../app/wiring/demo-rules.ts";

// Runs on the engine of the run: in-memory PGlite, or PostgreSQL when DATABASE_URL is set.

const SA = "Africa/Johannesburg";

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;
const wordCount = (markdown: string) => markdown.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

/** Rows in every table of the schema, by table name. */
async function rowCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of Object.values(schema as Record<string, unknown>)) {
    if (is(table, PgTable)) counts[getTableName(table)] = await db.$count(table);
  }
  return counts;
}

/** A seat is taken by a confirmed booking or by an unpaid hold that has not lapsed (docs/product.md §5.2). */
function takesSeat(booking: typeof seminarBookings.$inferSelect, now: Date): boolean {
  if (booking.status === "confirmed") return true;
  return booking.status === "pending" && !booking.isPaid && booking.holdExpiresAt !== null && booking.holdExpiresAt > now;
}

describe("seedDemoData on an empty database", () => {
  let database: TestDatabase;
  let db: Db;
  let seeded: boolean;
  const now = new Date();
  const today = todayIn(SA, now);

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    seeded = await seedDemoData(db, demoRules, now);
  });
  afterAll(() => database.close());

  it("reports that it seeded", () => {
    expect(seeded).toBe(true);
  });

  it("schedules at least 8 upcoming active seminars over the next months in at least 4 cities", async () => {
    const upcoming = (await db.select().from(seminars)).filter((seminar) => seminar.isActive && seminar.seminarDate >= today);

    expect(upcoming.length).toBeGreaterThanOrEqual(8);
    expect(new Set(upcoming.map((seminar) => seminar.city)).size).toBeGreaterThanOrEqual(4);
    expect(upcoming.map((seminar) => seminar.city)).toEqual(expect.arrayContaining(["Durban", "Johannesburg", "Cape Town", "Pretoria"]));
    const lastDate = upcoming.map((seminar) => seminar.seminarDate).sort().at(-1)!;
    expect(daysBetween(today, lastDate)).toBeGreaterThanOrEqual(60);
    expect(daysBetween(today, lastDate)).toBeLessThanOrEqual(130);
  });

  it("includes a past seminar, an inactive upcoming one and a full upcoming one", async () => {
    const all = await db.select().from(seminars);

    expect(all.filter((seminar) => seminar.seminarDate < today && seminar.isActive)).toHaveLength(1);
    expect(all.filter((seminar) => seminar.seminarDate >= today && !seminar.isActive)).toHaveLength(1);
    const full = all.filter((seminar) => seminar.isActive && seminar.seminarDate >= today && seminar.currentAttendees === seminar.maxAttendees);
    expect(full).toHaveLength(1);
    expect(full[0]!.maxAttendees).toBeGreaterThan(0);
  });

  it("gives every seminar real details, at 1200.00 for most and a different price for one or two", async () => {
    const all = await db.select().from(seminars);

    for (const seminar of all) {
      expect(seminar.title).toMatch(new RegExp(seminar.city));
      expect(seminar.location).toBe(`${seminar.venueName}, ${seminar.city}`);
      expect(seminar.address).toContain(seminar.city);
      expect(seminar.description.split(". ").length).toBeGreaterThanOrEqual(2);
      expect(["10:00:00", "18:00:00"]).toContain(seminar.seminarTime);
    }
    const standardPrice = all.filter((seminar) => seminar.priceCents === 120000);
    expect(standardPrice.length).toBeGreaterThanOrEqual(all.length - 2);
    expect(new Set(all.map((seminar) => seminar.priceCents)).size).toBeGreaterThan(1);
  });

  it("adds 6 to 10 contacts with example addresses, South African mobiles and no admin rights", async () => {
    const contacts = await db.select().from(users);

    expect(contacts.length).toBeGreaterThanOrEqual(6);
    expect(contacts.length).toBeLessThanOrEqual(10);
    for (const contact of contacts) {
      expect(contact.email).toMatch(/@example\.(com|co\.za)$/);
      expect(contact.phone).toMatch(/^\+27 8\d \d{3} \d{4}$/);
      expect(contact.isAdmin).toBe(false);
    }
    expect(new Set(contacts.map((contact) => contact.preferredContact))).toEqual(new Set(["email", "phone", "whatsapp"]));
  });

  it("counts on every seminar exactly its confirmed bookings and live holds", async () => {
    const bookings = await db.select().from(seminarBookings);
    const all = await db.select().from(seminars);

    for (const seminar of all) {
      const seatsTaken = bookings.filter((booking) => booking.seminarId === seminar.id && takesSeat(booking, now)).length;
      expect({ title: seminar.title, date: seminar.seminarDate, currentAttendees: seminar.currentAttendees }).toEqual({
        title: seminar.title,
        date: seminar.seminarDate,
        currentAttendees: seatsTaken,
      });
    }
    expect(bookings.some((booking) => booking.status === "confirmed" && booking.isPaid && booking.paidAt !== null)).toBe(true);
    expect(bookings.some((booking) => booking.status === "pending" && takesSeat(booking, now))).toBe(true);
    expect(bookings.some((booking) => booking.status === "cancelled")).toBe(true);
  });

  it("charges every booking its seminar's price and keeps the contact's details on it", async () => {
    const rows = await db
      .select({ booking: seminarBookings, seminar: seminars, contact: users })
      .from(seminarBookings)
      .innerJoin(seminars, eq(seminarBookings.seminarId, seminars.id))
      .innerJoin(users, eq(seminarBookings.userId, users.id));

    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const { booking, seminar, contact } of rows) {
      expect(booking.amountCents).toBe(seminar.priceCents);
      expect(booking).toMatchObject({
        firstName: contact.firstName,
        lastName: contact.lastName,
        email: contact.email,
        phone: contact.phone,
        address: contact.address,
        preferredContact: contact.preferredContact,
      });
    }
  });

  it("adds paid and free consultation requests, one with admin notes", async () => {
    const requests = await db.select().from(consultationBookings);

    const paid = requests.filter((request) => request.consultationType === "paid");
    const free = requests.filter((request) => request.consultationType === "free");
    expect(paid.some((request) => request.status === "pending" && !request.isPaid)).toBe(true);
    expect(paid.some((request) => request.status === "confirmed" && request.isPaid)).toBe(true);
    expect(paid.every((request) => request.amountCents === consultation.priceCents)).toBe(true);
    expect(free.length).toBeGreaterThan(0);
    expect(free.every((request) => request.status === "pending" && request.isPaid && request.amountCents === 0)).toBe(true);
    for (const request of requests) {
      expect(["morning", "afternoon", "evening"]).toContain(request.preferredDatetime);
      expect(request.description?.length).toBeGreaterThan(20);
    }
    const notes = requests.flatMap((request) => request.adminNotes);
    expect(notes.length).toBeGreaterThan(0);
    for (const note of notes) {
      expect(new Date(note.datetime).toISOString()).toBe(note.datetime);
      expect(note.note.length).toBeGreaterThan(0);
      expect(note.admin_name.length).toBeGreaterThan(0);
    }
  });

  it("puts every payment the demo received in the ledger, once, for what was charged and when", async () => {
    const paidSeats = (await db.select().from(seminarBookings)).filter((booking) => booking.isPaid && booking.amountCents > 0);
    const paidConsultations = (await db.select().from(consultationBookings)).filter((request) => request.isPaid && request.amountCents > 0);
    const ledger = await db.select().from(ledgerEntries);
    const expected = [
      ...paidSeats.map((booking) => ({ bookingKind: "seminar", booking })),
      ...paidConsultations.map((booking) => ({ bookingKind: "consultation", booking })),
    ].map(({ bookingKind, booking }) => ({ entryType: "payment", bookingKind, bookingId: booking.id, amountCents: booking.amountCents, occurredAt: booking.paidAt }));

    expect(paidSeats.length).toBeGreaterThan(0);
    expect(paidConsultations.length).toBeGreaterThan(0);
    expect(ledger.map(({ entryType, bookingKind, bookingId, amountCents, occurredAt }) => ({ entryType, bookingKind, bookingId, amountCents, occurredAt }))).toEqual(
      expect.arrayContaining(expected),
    );
    expect(ledger).toHaveLength(expected.length);
  });

  it("publishes the 6 seed articles, newest first, with a real Markdown body", async () => {
    const posts = await db.select().from(blogPosts);
    const newestFirst = [...posts].sort((a, b) => b.publishedAt!.getTime() - a.publishedAt!.getTime());

    expect(newestFirst.map((post) => [post.slug, post.tag, post.heroImage])).toEqual([
      ["first-30-days-uk-checklist", "Settling In", "/media/blog/first-30-days.svg"],
      ["proving-your-right-to-work-uk", "Visas & Legal", "/media/blog/right-to-work.svg"],
      ["renting-uk-home-without-credit-history", "Accommodation", "/media/blog/renting.svg"],
      ["south-african-cv-for-uk-employers", "Employment", "/media/blog/uk-cv.svg"],
      ["driving-uk-south-african-licence", "Vehicles", "/media/blog/driving.svg"],
      ["what-moving-durban-to-london-costs", "Funding", "/media/blog/budget.svg"],
    ]);
    for (const post of posts) {
      expect(post.status).toBe("published");
      expect(post.publishedAt!.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(post.title.length).toBeGreaterThan(10);
      expect(post.intro.length).toBeGreaterThan(40);
      expect(post.heroImageAlt?.length).toBeGreaterThan(10);
      expect(post.seoTitle?.length).toBeLessThanOrEqual(60);
      expect(post.seoDescription?.length).toBeLessThanOrEqual(160);
      expect(wordCount(post.body)).toBeGreaterThanOrEqual(500);
      expect(wordCount(post.body)).toBeLessThanOrEqual(900);
      expect(post.body).toMatch(/^## /m);
      expect(post.body).toMatch(/^(- |1\. )/m);
      expect(post.body.toLowerCase()).not.toContain("lorem");
    }
  });

  it("changes nothing when it runs again", async () => {
    const before = await rowCounts(db);

    expect(await seedDemoData(db, demoRules, now)).toBe(false);
    expect(await rowCounts(db)).toEqual(before);
  });
});

describe("seedDemoData on a database that is not empty, and at a fixed time", () => {
  let database: TestDatabase;
  let db: Db;
  // 01:30 on 1 July in South Africa while it is still 30 June in UTC.
  const fixedNow = new Date("2031-06-30T23:30:00Z");
  const fixedToday = "2031-07-01";

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(() => database.close());

  it("does nothing when the database already holds a blog post", async () => {
    await db.insert(blogPosts).values({ slug: "draft", title: "A draft", intro: "Not yet published." });
    const before = await rowCounts(db);

    expect(await seedDemoData(db, demoRules, fixedNow)).toBe(false);
    expect(await rowCounts(db)).toEqual(before);
    expect(before).toMatchObject({ seminars: 0, users: 0, blog_posts: 1 });
  });

  it("dates everything relative to the given time, today being South Africa's date", async () => {
    await db.delete(blogPosts);
    expect(todayIn(SA, fixedNow)).toBe(fixedToday);

    expect(await seedDemoData(db, demoRules, fixedNow)).toBe(true);

    const dates = (await db.select({ seminarDate: seminars.seminarDate }).from(seminars)).map((row) => row.seminarDate);
    const offsets = dates.map((date) => daysBetween(fixedToday, date)).sort((a, b) => a - b);
    expect(offsets).toEqual(demoSeminars.map((seminar) => seminar.dayOffset).sort((a, b) => a - b));
    expect(dates.filter((date) => date < fixedToday)).toHaveLength(1);
    expect(dates.filter((date) => date >= fixedToday && date <= addDays(fixedToday, 130))).toHaveLength(dates.length - 1);

    const holds = await db.select().from(seminarBookings).where(eq(seminarBookings.status, "pending"));
    expect(holds.length).toBeGreaterThan(0);
    for (const hold of holds) expect(hold.holdExpiresAt!.getTime()).toBeGreaterThan(fixedNow.getTime());
    const posts = await db.select({ publishedAt: blogPosts.publishedAt }).from(blogPosts);
    for (const post of posts) {
      expect(post.publishedAt!.getTime()).toBeLessThan(fixedNow.getTime());
      expect(post.publishedAt!.getTime()).toBeGreaterThan(fixedNow.getTime() - 365 * 86_400_000);
    }
  });
});
