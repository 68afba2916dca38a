import { and, eq, inArray, lte, sql, type Column, type SQL } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { seminarBookings, seminars, seminarWaitlistEntries } from "#db/schema/index.ts";
import { SYSTEM_ACTOR } from "~/features/activity/rules.ts";
import { recordActivity } from "~/features/activity/service.server.ts";
import { holdReleasedEntry } from "../booking-activity.ts";
import { queueHoldExpiredEmails } from "../emails/queue.server.ts";
import { HOLD_RELEASE_REASONS } from "./rules.ts";

// The only code that changes seminars.current_attendees. Every change happens inside the
// caller's transaction while it holds the seminar's row lock (docs/product.md §7.1), so the
// seats taken can never exceed max_attendees, however many requests race.

export type LockedSeminar = typeof seminars.$inferSelect;

/** Locks the seminar row for the rest of the transaction; undefined when it does not exist. */
export async function lockSeminar(tx: Db, seminarId: string): Promise<LockedSeminar | undefined> {
  const [seminar] = await tx.select().from(seminars).where(eq(seminars.id, seminarId)).for("update");
  return seminar;
}

/** A seminar read without its lock, seats counted as lockSeats would count them (lapsed holds free), and how many seats lapsed holds keep. */
export type PeekedSeminar = LockedSeminar & { lapsedSeats: number };

/**
 * The seminar as lockSeats would find it, read in one statement without the lock and without
 * freeing anything: lets a try that cannot take a seat be refused without queueing for the
 * lock (issue 15). Only a refusal may rest on it; a seat is taken only by takeFreeSeats or
 * after lockSeats has checked again. Undefined when the seminar does not exist.
 */
export async function peekSeats(db: Db, seminarId: string, now: Date): Promise<PeekedSeminar | undefined> {
  const [seen] = await db
    .select({
      seminar: seminars,
      lapsedSeats: sql<string>`(select coalesce(sum(${seminarBookings.seats}), 0) from ${seminarBookings} where ${lapsedHoldOf(seminarId, now)})`,
    })
    .from(seminars)
    .where(eq(seminars.id, seminarId));
  if (!seen) return undefined;
  const lapsedSeats = Number(seen.lapsedSeats);
  return { ...seen.seminar, currentAttendees: seen.seminar.currentAttendees - lapsedSeats, lapsedSeats };
}

/**
 * `seminars.current_attendees` as lockSeats would count it at `now`, for a read of many
 * seminars (the events list, a booking page, the portal's cards): the seats of lapsed holds
 * the sweeper has not freed yet are left out, in the same statement, so a page shows the
 * truth without freeing anything itself. Freeing is the sweeper's job alone (issue 20).
 */
export function seatsTakenAt(now: Date): SQL<number> {
  return sql<number>`(${seminars.currentAttendees} - (select coalesce(sum(${seminarBookings.seats}), 0) from ${seminarBookings} where ${lapsedHoldOf(seminars.id, now)}))`.mapWith(Number);
}

/**
 * Takes `seats` seats at once in a single statement when that many are free on paper, and
 * returns the seminar as it now stands (the seats included); undefined when they are not (full, or free only once lapsed
 * holds are freed, which lockSeats does). The seminar's row stays locked from here to the
 * end of the caller's transaction; a try that finds no seat locks nothing and is told at
 * once, so hundreds racing for the last seats never take the lock in turn (docs/decisions/022).
 */
export async function takeFreeSeats(tx: Db, seminarId: string, seats: number): Promise<LockedSeminar | undefined> {
  const [seminar] = await tx
    .update(seminars)
    .set({ currentAttendees: sql`${seminars.currentAttendees} + ${seats}` })
    .where(and(eq(seminars.id, seminarId), sql`${seminars.currentAttendees} + ${seats} <= ${seminars.maxAttendees}`))
    .returning();
  return seminar;
}

/** A locked seminar with its seats taken now, and the lapsed holds that were freed to count them. */
export type LockedSeats = { seminar: LockedSeminar; released: ReleasedHold[] };

/**
 * Where every use case that counts or takes seats starts (booking, adding an attendee,
 * changing capacity, the sweeper): locks the seminar for the rest of the transaction, frees
 * its lapsed holds and queues each visitor's "seat released" e-mail, and returns the seminar
 * with `currentAttendees` as it now stands. Undefined when the seminar does not exist.
 */
export async function lockSeats(tx: Db, seminarId: string, { siteUrl, now }: { siteUrl: string; now: Date }): Promise<LockedSeats | undefined> {
  const seminar = await lockSeminar(tx, seminarId);
  if (!seminar) return undefined;
  const released = await releaseLapsedHolds(tx, seminar.id, now);
  // A lapsed waitlist offer's holder hears "your offer has passed" from the waitlist instead (docs/decisions/027).
  const offers = await waitlistOfferIds(tx, released);
  await queueHoldExpiredEmails(tx, seminar, released.filter((hold) => !offers.has(hold.id)), siteUrl);
  for (const hold of released) await recordActivity(tx, SYSTEM_ACTOR, holdReleasedEntry(hold.id, seminar, HOLD_RELEASE_REASONS.lapsed));
  return { seminar: { ...seminar, currentAttendees: seminar.currentAttendees - seatsOf(released) }, released };
}

/** Of these held bookings, the ones that are waitlist offers. */
async function waitlistOfferIds(tx: Db, holds: readonly { id: string }[]): Promise<Set<string>> {
  if (holds.length === 0) return new Set();
  const rows = await tx
    .select({ id: seminarWaitlistEntries.offerBookingId })
    .from(seminarWaitlistEntries)
    .where(inArray(seminarWaitlistEntries.offerBookingId, holds.map((hold) => hold.id)));
  return new Set(rows.flatMap((row) => (row.id ? [row.id] : [])));
}

export async function changeSeatsTaken(tx: Db, seminarId: string, delta: number): Promise<void> {
  await tx
    .update(seminars)
    .set({ currentAttendees: sql`${seminars.currentAttendees} + ${delta}` })
    .where(eq(seminars.id, seminarId));
}

export type ReleasedHold = { id: string; seminarId: string; firstName: string; email: string; seats: number };

/** The seats these bookings take together. */
export function seatsOf(bookings: readonly { seats: number }[]): number {
  return bookings.reduce((sum, booking) => sum + booking.seats, 0);
}

/** This seminar's unpaid holds that have lapsed by `now` (`seminarId` may be the outer query's `seminars.id`). */
function lapsedHoldOf(seminarId: string | Column, now: Date) {
  return and(
    eq(seminarBookings.seminarId, seminarId),
    eq(seminarBookings.status, "pending"),
    eq(seminarBookings.isPaid, false),
    lte(seminarBookings.holdExpiresAt, now),
  );
}

/** Cancels this seminar's unpaid holds that have lapsed and gives their seats back (the caller holds the lock). */
async function releaseLapsedHolds(tx: Db, seminarId: string, now: Date): Promise<ReleasedHold[]> {
  const released = await tx
    .update(seminarBookings)
    .set({ status: "cancelled", holdExpiresAt: null, cancelledAt: now, cancelledBy: "System", cancelReason: HOLD_RELEASE_REASONS.lapsed })
    .where(lapsedHoldOf(seminarId, now))
    .returning({
      id: seminarBookings.id,
      seminarId: seminarBookings.seminarId,
      firstName: seminarBookings.firstName,
      email: seminarBookings.email,
      seats: seminarBookings.seats,
    });
  if (released.length > 0) await changeSeatsTaken(tx, seminarId, -seatsOf(released));
  return released;
}

/** Seminars that have at least one lapsed unpaid hold. */
export async function seminarsWithLapsedHolds(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ seminarId: seminarBookings.seminarId })
    .from(seminarBookings)
    .where(and(eq(seminarBookings.status, "pending"), eq(seminarBookings.isPaid, false), lte(seminarBookings.holdExpiresAt, now)));
  return rows.map((row) => row.seminarId);
}

export async function lockBooking(tx: Db, bookingId: string) {
  const [booking] = await tx.select().from(seminarBookings).where(eq(seminarBookings.id, bookingId)).for("update");
  return booking;
}
