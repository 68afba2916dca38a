import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, seminarBookings } from "#db/schema/index.ts";
import { insertSeminar, seminarById, visitor } from "../../../../tests/support/fixtures.ts";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../../tests/support/test-database.ts";
import { parseEventFilters } from "./filters.ts";
import { holdSeat, releaseAllLapsedHolds } from "../seats/holds.server.ts";
import { eventsPage, seminarForBookingPage } from "./listing.server.ts";

const now = new Date("2030-06-01T08:00:00Z");
let database: TestDatabase;

const filtersFrom = (query: string) => parseEventFilters(new URLSearchParams(query), "2030-06-01");
const titles = async (query: string) => (await eventsPage(database.db, filtersFrom(query), { now })).seminars.map((s) => s.title);

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const make = (title: string, seminarDate: string, city: string, extra: Parameters<typeof insertSeminar>[1] = {}) =>
    insertSeminar(db, { title, seminarDate, city, location: `Venue, ${city}`, ...extra });
  await make("Durban Evening", "2030-06-01", "Durban", { priceCents: 95000 });
  await make("Joburg Careers", "2030-06-10", "Johannesburg", { description: "Find WORK in the UK" });
  await make("Cape Town Homes", "2030-06-20", "Cape Town");
  await make("Pretoria Funding", "2030-07-01", "Pretoria", { seminarTime: "10:00" });
  await make("Durban Morning", "2030-07-01", "Durban", { seminarTime: "09:00" });
  await make("Gqeberha Q&A 100%", "2030-07-15", "Gqeberha");
  await make("Bloemfontein Evening", "2030-08-01", "Bloemfontein");
  await make("Past Durban", "2030-05-31", "Durban");
  await make("Hidden Durban", "2030-06-15", "Durban", { isActive: false, priceCents: 100 });
});

afterAll(async () => {
  await database?.close();
});

describe(`the events list (${testEngine})`, () => {
  it("lists upcoming active seminars soonest first, six to a page", async () => {
    const first = await eventsPage(database.db, filtersFrom(""), { now });
    expect(first.total).toBe(7);
    expect(first.pageCount).toBe(2);
    expect(first.seminars.map((s) => s.title)).toEqual([
      "Durban Evening",
      "Joburg Careers",
      "Cape Town Homes",
      "Durban Morning",
      "Pretoria Funding",
      "Gqeberha Q&A 100%",
    ]);
    expect(await titles("page=2")).toEqual(["Bloemfontein Evening"]);
    expect(await titles("page=3")).toEqual([]);
  });

  it("offers the cities of upcoming seminars and the lowest upcoming price", async () => {
    const page = await eventsPage(database.db, filtersFrom(""), { now });
    expect(page.cities).toEqual(["Bloemfontein", "Cape Town", "Durban", "Gqeberha", "Johannesburg", "Pretoria"]);
    expect(page.fromPriceCents).toBe(95000);
  });

  it("searches title, description and location without caring about case", async () => {
    expect(await titles("q=work")).toEqual(["Joburg Careers"]);
    expect(await titles("q=DURBAN")).toEqual(["Durban Evening", "Durban Morning"]);
    expect(await titles("q=venue%2C+cape")).toEqual(["Cape Town Homes"]);
    expect(await titles("q=100%25")).toEqual(["Gqeberha Q&A 100%"]);
    expect(await titles("q=%25")).toEqual(["Gqeberha Q&A 100%"]);
    expect(await titles("q=' or 1=1 --")).toEqual([]);
  });

  it("matches any of the chosen cities exactly", async () => {
    expect(await titles("location=Durban&location=Pretoria")).toEqual(["Durban Evening", "Durban Morning", "Pretoria Funding"]);
    expect(await titles("location=durban")).toEqual([]);
  });

  it("includes both ends of the date range", async () => {
    expect(await titles("from=2030-06-10&to=2030-07-01")).toEqual(["Joburg Careers", "Cape Town Homes", "Durban Morning", "Pretoria Funding"]);
    expect(await titles("from=2030-06-01&to=2030-06-01")).toEqual(["Durban Evening"]);
  });

  it("combines every filter", async () => {
    expect(await titles("q=evening&location=Durban&from=2030-06-01&to=2030-06-30")).toEqual(["Durban Evening"]);
  });

  it("tells the booking page what may be booked", async () => {
    const { db } = database;
    const page = await eventsPage(db, filtersFrom(""), { now });
    const bookable = await seminarForBookingPage(db, page.seminars[0]!.id, { now });
    expect(bookable).toMatchObject({ title: "Durban Evening", bookable: true, spotsLeft: 30 });
    expect(await seminarForBookingPage(db, "not-a-uuid", { now })).toBeUndefined();
    expect(await seminarForBookingPage(db, "00000000-0000-4000-8000-000000000000", { now })).toBeUndefined();
  });
});

describe(`seats of lapsed holds on the public pages (${testEngine})`, () => {
  it("count as free at once, while the pages free nothing: releasing holds is the sweeper's job alone", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db, { title: "Lapsing Seats", seminarDate: "2030-09-01", city: "Durban", maxAttendees: 3 });
    const site = { siteUrl: "https://thula.example" };
    // Two seats held an hour ago (lapsed: a hold lasts 30 minutes), one held now.
    await holdSeat(db, { seminarId: seminar.id, contact: { ...visitor, email: "lapsed.hold@example.com" }, seats: 2, attendeeNames: ["Thandi Nkosi", "Sipho Nkosi"] }, { ...site, now: new Date(now.getTime() - 60 * 60_000) });
    await holdSeat(db, { seminarId: seminar.id, contact: { ...visitor, email: "fresh.hold@example.com" } }, { ...site, now });
    const outboxBefore = await db.$count(emailOutbox);

    const listed = (await eventsPage(db, filtersFrom("q=Lapsing"), { now })).seminars;
    expect(listed.map((card) => [card.title, card.currentAttendees])).toEqual([["Lapsing Seats", 1]]);
    expect(await seminarForBookingPage(db, seminar.id, { now })).toMatchObject({ currentAttendees: 1, spotsLeft: 2 });
    // Nothing was written: the hold still stands, the count is untouched, no e-mail was queued.
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(3);
    expect(await db.$count(seminarBookings, and(eq(seminarBookings.seminarId, seminar.id), eq(seminarBookings.status, "pending")))).toBe(2);
    expect(await db.$count(emailOutbox)).toBe(outboxBefore);

    // The sweeper frees it; the pages read the same.
    expect(await releaseAllLapsedHolds(db, { ...site, now })).toEqual([expect.objectContaining({ email: "lapsed.hold@example.com", seats: 2 })]);
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(1);
    expect(await seminarForBookingPage(db, seminar.id, { now })).toMatchObject({ currentAttendees: 1, spotsLeft: 2 });
  });
});
