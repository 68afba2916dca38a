import { and, asc, eq, exists, ilike, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { seminarBookings, seminars, seminarTickets } from "#db/schema/index.ts";
import { containsPattern } from "~/lib/search-text.ts";

// The only code that reads or writes a ticket's check-in (docs/decisions/025). A check-in and
// its undo are each one conditional UPDATE: the condition is the guard, so two doors can
// never both admit one ticket.

/** A confirmed booking owns the ticket: the condition every check-in is made under. */
const bookingConfirmed = (db: Db) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(seminarBookings)
      .where(and(eq(seminarBookings.id, seminarTickets.bookingId), eq(seminarBookings.status, "confirmed"))),
  );

/**
 * Compare and set: marks the ticket checked in by `staffName` now, only while it is this
 * seminar's, not yet checked in, not cancelled, and its booking confirmed. Undefined when any
 * of that fails (the caller reads why).
 */
export async function markTicketCheckedIn(db: Db, { seminarId, code, staffName }: { seminarId: string; code: string; staffName: string }) {
  const [row] = await db
    .update(seminarTickets)
    .set({ checkedInAt: sql`now()`, checkedInBy: staffName })
    .where(
      and(
        eq(seminarTickets.code, code),
        eq(seminarTickets.seminarId, seminarId),
        isNull(seminarTickets.checkedInAt),
        isNull(seminarTickets.cancelledAt),
        bookingConfirmed(db),
      ),
    )
    .returning({ id: seminarTickets.id });
  return row;
}

/** Compare and set back: clears the check-in of this seminar's ticket, only while it is checked in. */
export async function clearTicketCheckIn(db: Db, { seminarId, ticketId }: { seminarId: string; ticketId: string }) {
  const [row] = await db
    .update(seminarTickets)
    .set({ checkedInAt: null, checkedInBy: null })
    .where(and(eq(seminarTickets.id, ticketId), eq(seminarTickets.seminarId, seminarId), isNotNull(seminarTickets.checkedInAt)))
    .returning({ id: seminarTickets.id });
  return row;
}

/** How many tickets the ticket's booking has: the N of "seat 2 of N". */
const ticketsOfItsBooking = sql<number>`(select count(*) from seminar_tickets as siblings where siblings.booking_id = ${seminarTickets.bookingId})`.mapWith(Number);

const ticketColumns = {
  id: seminarTickets.id,
  code: seminarTickets.code,
  seminarId: seminarTickets.seminarId,
  bookingId: seminarTickets.bookingId,
  seatNumber: seminarTickets.seatNumber,
  attendeeName: seminarTickets.attendeeName,
  checkedInAt: seminarTickets.checkedInAt,
  checkedInBy: seminarTickets.checkedInBy,
  cancelledAt: seminarTickets.cancelledAt,
  seats: ticketsOfItsBooking,
  bookingStatus: seminarBookings.status,
  isPaid: seminarBookings.isPaid,
  bookerFirstName: seminarBookings.firstName,
  bookerLastName: seminarBookings.lastName,
  seminarTitle: seminars.title,
  seminarDate: seminars.seminarDate,
  seminarCity: seminars.city,
};

export type DoorTicketRow = {
  id: string;
  code: string;
  seminarId: string;
  bookingId: string;
  seatNumber: number;
  attendeeName: string;
  checkedInAt: Date | null;
  checkedInBy: string | null;
  cancelledAt: Date | null;
  seats: number;
  bookingStatus: string;
  isPaid: boolean;
  bookerFirstName: string;
  bookerLastName: string;
  seminarTitle: string;
  seminarDate: string;
  seminarCity: string;
};

function doorTickets(db: Db) {
  return db
    .select(ticketColumns)
    .from(seminarTickets)
    .innerJoin(seminarBookings, eq(seminarBookings.id, seminarTickets.bookingId))
    .innerJoin(seminars, eq(seminars.id, seminarTickets.seminarId));
}

export async function findDoorTicket(db: Db, where: { code: string } | { id: string }): Promise<DoorTicketRow | undefined> {
  const [row] = await doorTickets(db).where("code" in where ? eq(seminarTickets.code, where.code) : eq(seminarTickets.id, where.id));
  return row;
}

/** The seminar's tickets whose attendee's name, or booker's name or e-mail, contains `search`. */
export async function searchDoorTickets(db: Db, seminarId: string, search: string, limit: number): Promise<DoorTicketRow[]> {
  const pattern = containsPattern(search);
  return doorTickets(db)
    .where(
      and(
        eq(seminarTickets.seminarId, seminarId),
        or(
          ilike(seminarTickets.attendeeName, pattern),
          ilike(seminarBookings.firstName, pattern),
          ilike(seminarBookings.lastName, pattern),
          ilike(sql`${seminarBookings.firstName} || ' ' || ${seminarBookings.lastName}`, pattern),
          ilike(seminarBookings.email, pattern),
        ),
      ),
    )
    .orderBy(asc(seminarTickets.attendeeName), asc(seminarTickets.bookingId), asc(seminarTickets.seatNumber))
    .limit(limit);
}

/** Seats that may come in (a confirmed booking's tickets not cancelled) and how many have. */
export async function countAttendance(db: Db, seminarId: string): Promise<{ checkedIn: number; seats: number }> {
  const [row] = await db
    .select({
      seats: sql<number>`count(*)`.mapWith(Number),
      checkedIn: sql<number>`count(*) filter (where ${seminarTickets.checkedInAt} is not null)`.mapWith(Number),
    })
    .from(seminarTickets)
    .innerJoin(seminarBookings, eq(seminarBookings.id, seminarTickets.bookingId))
    .where(and(eq(seminarTickets.seminarId, seminarId), isNull(seminarTickets.cancelledAt), eq(seminarBookings.status, "confirmed")));
  return { checkedIn: row?.checkedIn ?? 0, seats: row?.seats ?? 0 };
}

/** The tickets (not cancelled) of these bookings, in seat order, with their check-in. */
export async function checkInsOfBookings(db: Db, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      bookingId: seminarTickets.bookingId,
      seatNumber: seminarTickets.seatNumber,
      attendeeName: seminarTickets.attendeeName,
      checkedInAt: seminarTickets.checkedInAt,
      checkedInBy: seminarTickets.checkedInBy,
    })
    .from(seminarTickets)
    .where(and(inArray(seminarTickets.bookingId, [...bookingIds]), isNull(seminarTickets.cancelledAt)))
    .orderBy(asc(seminarTickets.bookingId), asc(seminarTickets.seatNumber));
}

/** The door's seminar: today's (South African date), else the latest before it; never a cancelled one. */
export async function findDoorSeminar(db: Db, today: string) {
  const [row] = await db
    .select({ id: seminars.id, title: seminars.title, seminarDate: seminars.seminarDate, seminarTime: seminars.seminarTime, city: seminars.city })
    .from(seminars)
    .where(and(sql`${seminars.seminarDate} <= ${today}`, isNull(seminars.cancelledAt)))
    .orderBy(sql`${seminars.seminarDate} desc`, sql`${seminars.seminarTime} desc`)
    .limit(1);
  return row;
}

export async function findSeminarForDoor(db: Db, seminarId: string) {
  const [row] = await db
    .select({
      id: seminars.id,
      title: seminars.title,
      seminarDate: seminars.seminarDate,
      seminarTime: seminars.seminarTime,
      venueName: seminars.venueName,
      city: seminars.city,
      cancelledAt: seminars.cancelledAt,
    })
    .from(seminars)
    .where(eq(seminars.id, seminarId));
  return row;
}
