import { and, eq, lte, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { seminarBookings, seminars } from "#db/schema/index.ts";
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

/**
 * The seminar as lockSeats would find it (lapsed holds not counted as taken), read without
 * the lock and without freeing anything: lets a try that cannot take a seat be refused
 * without queueing for the lock (issue 15). Only a refusal may rest on it; a seat is taken
 * only after lockSeats has checked again. Undefined when the seminar does not exist.
 */
export async function peekSeats(db: Db, seminarId: string, now: Date): Promise<LockedSeminar | undefined> {
  const [seminar] = await db.select().from(seminars).where(eq(seminars.id, seminarId));
  if (!seminar || seminar.currentAttendees < seminar.maxAttendees) return seminar;
  // Full on paper: the seats of holds that have lapsed (not yet freed) are for sale again.
  const lapsed = await db.$count(seminarBookings, lapsedHoldOf(seminarId, now));
  return { ...seminar, currentAttendees: seminar.currentAttendees - lapsed };
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
  await queueHoldExpiredEmails(tx, seminar, released, siteUrl);
  for (const hold of released) await recordActivity(tx, SYSTEM_ACTOR, holdReleasedEntry(hold.id, seminar, HOLD_RELEASE_REASONS.lapsed));
  return { seminar: { ...seminar, currentAttendees: seminar.currentAttendees - released.length }, released };
}

export async function changeSeatsTaken(tx: Db, seminarId: string, delta: number): Promise<void> {
  await tx
    .update(seminars)
    .set({ currentAttendees: sql`${seminars.currentAttendees} + ${delta}` })
    .where(eq(seminars.id, seminarId));
}

export type ReleasedHold = { id: string; seminarId: string; firstName: string; email: string };

/** This seminar's unpaid holds that have lapsed by `now`. */
function lapsedHoldOf(seminarId: string, now: Date) {
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
    });
  if (released.length > 0) await changeSeatsTaken(tx, seminarId, -released.length);
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
