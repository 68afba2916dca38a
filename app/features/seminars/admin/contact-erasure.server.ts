import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { seminarBookings, seminars, seminarTickets, seminarWaitlistEntries } from "#db/schema/index.ts";
import { todayIn } from "~/lib/format.ts";
import { isLiveBooking } from "../seats/rules.ts";
import { isPastSeminar } from "./rules.ts";

// A contact's seminar bookings when the contact asks to be forgotten
// (docs/decisions/016-erasure-by-anonymisation.md): the bookings, their seats and their money
// stay; who booked them does not.

/** How many seats this contact holds at seminars still to come (confirmed, or a hold that has not lapsed). */
export async function upcomingSeatsOfContact(db: Db, userId: string, now = new Date()): Promise<number> {
  const rows = await db
    .select({
      status: seminarBookings.status,
      isPaid: seminarBookings.isPaid,
      holdExpiresAt: seminarBookings.holdExpiresAt,
      seminarDate: seminars.seminarDate,
    })
    .from(seminarBookings)
    .innerJoin(seminars, eq(seminars.id, seminarBookings.seminarId))
    .where(eq(seminarBookings.userId, userId));
  const today = todayIn("Africa/Johannesburg", now);
  return rows.filter((row) => isLiveBooking(row, now) && !isPastSeminar(row, today)).length;
}

export type ErasedIdentity = { firstName: string; lastName: string; email: string };

/**
 * In the caller's transaction: every seminar booking of the contact keeps its seminar, status,
 * amount, seats, payment and cancellation facts, and loses the contact details copied onto it, the
 * names on its tickets and the visitor's notes. Returns how many bookings were anonymised, and the e-mail addresses they
 * carried (the outbox is erased of those too).
 */
export async function anonymiseSeminarBookingsOfContact(
  tx: Db,
  userId: string,
  identity: ErasedIdentity,
  now = new Date(),
): Promise<{ anonymised: number; emails: string[] }> {
  const before = await tx.select({ email: seminarBookings.email }).from(seminarBookings).where(eq(seminarBookings.userId, userId)).for("update");
  const rows = await tx
    .update(seminarBookings)
    .set({ ...identity, phone: null, address: null, notes: null, attendeeNames: [], version: sql`${seminarBookings.version} + 1`, updatedAt: now })
    .where(eq(seminarBookings.userId, userId))
    .returning({ id: seminarBookings.id });
  if (rows.length > 0) {
    await tx
      .update(seminarTickets)
      .set({ attendeeName: `${identity.firstName} ${identity.lastName}`.trim() })
      .where(inArray(seminarTickets.bookingId, rows.map((row) => row.id)));
  }
  // Their places on waitlists keep their seminar, seats and state, and lose who they were; a
  // place still waiting ends (an erased person can be offered nothing) (docs/decisions/027).
  const places = await tx.select({ email: seminarWaitlistEntries.email }).from(seminarWaitlistEntries).where(eq(seminarWaitlistEntries.userId, userId)).for("update");
  await tx
    .update(seminarWaitlistEntries)
    .set({
      ...identity,
      phone: null,
      address: null,
      status: sql`case when ${seminarWaitlistEntries.status} = 'waiting' then 'withdrawn' else ${seminarWaitlistEntries.status} end`,
      withdrawnAt: sql`case when ${seminarWaitlistEntries.status} = 'waiting' then ${now.toISOString()}::timestamptz else ${seminarWaitlistEntries.withdrawnAt} end`,
      withdrawnBy: sql`case when ${seminarWaitlistEntries.status} = 'waiting' then 'System' else ${seminarWaitlistEntries.withdrawnBy} end`,
      version: sql`${seminarWaitlistEntries.version} + 1`,
      updatedAt: now,
    })
    .where(eq(seminarWaitlistEntries.userId, userId));
  return { anonymised: rows.length, emails: [...new Set([...before, ...places].map((row) => row.email))] };
}
