import { and, asc, count, eq, gte, inArray, lte, min, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { seminarBookings, seminarSearchText, seminars } from "#db/schema/index.ts";
import type { SeminarBookingStatus } from "#db/schema/enums.ts";
import { containsPattern } from "~/lib/search-text.ts";
import { seatsTakenAt } from "../seats/seats.server.ts";
import type { NextSeminar } from "../types.ts";
import type { EventFilters } from "./filters.ts";

/** The next active seminar dated today or later (today in South Africa), or null; seats counted at `now`. */
export async function findNextSeminar(db: Db, today: string, now: Date): Promise<NextSeminar | null> {
  const [next] = await db
    .select({
      id: seminars.id,
      title: seminars.title,
      seminarDate: seminars.seminarDate,
      seminarTime: seminars.seminarTime,
      city: seminars.city,
      venueName: seminars.venueName,
      location: seminars.location,
      priceCents: seminars.priceCents,
      currentAttendees: seatsTakenAt(now),
    })
    .from(seminars)
    .where(and(eq(seminars.isActive, true), gte(seminars.seminarDate, today)))
    .orderBy(asc(seminars.seminarDate), asc(seminars.seminarTime))
    .limit(1);
  return next ?? null;
}

/** What the payment success page shows about a seminar booking. */
export async function paidSeminarSummary(db: Db, bookingId: string): Promise<{ title: string; isPaid: boolean; status: SeminarBookingStatus } | undefined> {
  const [row] = await db
    .select({ title: seminars.title, isPaid: seminarBookings.isPaid, status: seminarBookings.status })
    .from(seminarBookings)
    .innerJoin(seminars, eq(seminars.id, seminarBookings.seminarId))
    .where(eq(seminarBookings.id, bookingId));
  return row;
}

/** A card's columns, its seats counted at `now`. */
const cardColumns = (now: Date) => ({
  id: seminars.id,
  title: seminars.title,
  description: seminars.description,
  city: seminars.city,
  venueName: seminars.venueName,
  address: seminars.address,
  location: seminars.location,
  seminarDate: seminars.seminarDate,
  seminarTime: seminars.seminarTime,
  priceCents: seminars.priceCents,
  maxAttendees: seminars.maxAttendees,
  currentAttendees: seatsTakenAt(now),
});

export type SeminarCard = Pick<typeof seminars.$inferSelect, keyof ReturnType<typeof cardColumns>>;

function upcomingFiltered(filters: EventFilters, today: string): SQL | undefined {
  const search = filters.q ? sql`${seminarSearchText(seminars)} ilike ${containsPattern(filters.q)}` : undefined;
  return and(
    eq(seminars.isActive, true),
    gte(seminars.seminarDate, filters.from ?? today),
    filters.to ? lte(seminars.seminarDate, filters.to) : undefined,
    filters.locations.length > 0 ? inArray(seminars.city, filters.locations) : undefined,
    search,
  );
}

/** One page of upcoming active seminars matching the filters, soonest first; seats counted at `now`. */
export async function findUpcomingSeminars(db: Db, filters: EventFilters, { today, now }: { today: string; now: Date }, pageSize: number) {
  const where = upcomingFiltered(filters, today);
  const [rows, [counted]] = await Promise.all([
    db
      .select(cardColumns(now))
      .from(seminars)
      .where(where)
      .orderBy(asc(seminars.seminarDate), asc(seminars.seminarTime), asc(seminars.id))
      .limit(pageSize)
      .offset((filters.page - 1) * pageSize),
    db.select({ total: count() }).from(seminars).where(where),
  ]);
  return { seminars: rows as SeminarCard[], total: counted?.total ?? 0 };
}

/** The cities with upcoming active seminars (the location filter's options) and the lowest price. */
export async function upcomingSeminarFacts(db: Db, today: string) {
  const upcoming = and(eq(seminars.isActive, true), gte(seminars.seminarDate, today));
  const [cities, [prices]] = await Promise.all([
    db.selectDistinct({ city: seminars.city }).from(seminars).where(upcoming).orderBy(asc(seminars.city)),
    db.select({ lowest: min(seminars.priceCents) }).from(seminars).where(upcoming),
  ]);
  return { cities: cities.map((row) => row.city), lowestPriceCents: prices?.lowest ?? null };
}

/** One seminar as the booking page shows it (any state: the page decides what may be booked); seats counted at `now`. */
export async function findSeminarForBooking(db: Db, seminarId: string, now: Date) {
  const [row] = await db
    .select({ ...cardColumns(now), isActive: seminars.isActive, organizerName: seminars.organizerName, cancelledAt: seminars.cancelledAt })
    .from(seminars)
    .where(eq(seminars.id, seminarId));
  return row;
}

/** Upcoming active seminars for sitemap.xml. */
export async function listUpcomingSeminarIds(db: Db, today: string) {
  return db
    .select({ id: seminars.id, updatedAt: seminars.updatedAt })
    .from(seminars)
    .where(and(eq(seminars.isActive, true), gte(seminars.seminarDate, today)))
    .orderBy(asc(seminars.seminarDate));
}
