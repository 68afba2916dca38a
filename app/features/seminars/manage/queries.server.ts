import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { seminarBookings, seminars, seminarTickets } from "#db/schema/index.ts";

// The manage page's reads and writes of one booking and its tickets (docs/decisions/026).
// Every write names the state it expects (compare-and-set); the seat and booking locks are
// taken by the use cases, in the order everywhere: seminar, then booking.

export type ManagedBooking = typeof seminarBookings.$inferSelect;
export type ManagedSeminar = typeof seminars.$inferSelect;

export async function findBookingWithSeminar(db: Db, bookingId: string): Promise<{ booking: ManagedBooking; seminar: ManagedSeminar } | undefined> {
  const [row] = await db
    .select({ booking: seminarBookings, seminar: seminars })
    .from(seminarBookings)
    .innerJoin(seminars, eq(seminars.id, seminarBookings.seminarId))
    .where(eq(seminarBookings.id, bookingId));
  return row;
}

/** The names, only if the booking is still at `version` and confirmed; undefined when another change came first. */
export async function renameAttendeesIfCurrent(tx: Db, bookingId: string, version: number, names: string[]): Promise<ManagedBooking | undefined> {
  const [row] = await tx
    .update(seminarBookings)
    .set({ attendeeNames: names, version: sql`${seminarBookings.version} + 1` })
    .where(and(eq(seminarBookings.id, bookingId), eq(seminarBookings.version, version), eq(seminarBookings.status, "confirmed"), eq(seminarBookings.seats, names.length)))
    .returning();
  return row;
}

/** The name on one standing ticket. */
export async function renameTicket(tx: Db, ticketId: string, attendeeName: string): Promise<void> {
  await tx.update(seminarTickets).set({ attendeeName }).where(and(eq(seminarTickets.id, ticketId), isNull(seminarTickets.cancelledAt)));
}

/** Cancels one ticket if it still stands; false when it was cancelled already. */
export async function cancelTicketIfStanding(tx: Db, ticketId: string, by: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(seminarTickets)
    .set({ cancelledAt: now, cancelledBy: by })
    .where(and(eq(seminarTickets.id, ticketId), isNull(seminarTickets.cancelledAt)))
    .returning({ id: seminarTickets.id });
  return rows.length === 1;
}

/** One seat fewer on a confirmed booking of several, with the names that remain; undefined if it is no longer so. */
export async function dropOneSeat(tx: Db, bookingId: string, seatsBefore: number, names: string[]): Promise<ManagedBooking | undefined> {
  const [row] = await tx
    .update(seminarBookings)
    .set({ seats: seatsBefore - 1, attendeeNames: names, version: sql`${seminarBookings.version} + 1` })
    .where(and(eq(seminarBookings.id, bookingId), eq(seminarBookings.status, "confirmed"), eq(seminarBookings.seats, seatsBefore)))
    .returning();
  return row;
}

/** Money the provider did not give back at once stays owed: staff see "Refund due". */
export async function markRefundDue(db: Db, bookingId: string): Promise<void> {
  await db
    .update(seminarBookings)
    .set({ refundDue: true, version: sql`${seminarBookings.version} + 1` })
    .where(and(eq(seminarBookings.id, bookingId), eq(seminarBookings.isPaid, true), sql`${seminarBookings.refundedCents} < ${seminarBookings.amountCents}`));
}
