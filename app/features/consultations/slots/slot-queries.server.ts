import { and, eq, gt, lt, lte, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { consultationBookings } from "#db/schema/index.ts";
import { violates } from "~/lib/db-errors.ts";
import { ConflictError } from "~/lib/errors.ts";

// Taking a consultation's time slot (docs/decisions/035). The database decides: the exclusion
// constraint consultation_bookings_no_overlap refuses a second standing booking of the same
// consultant whose time (meeting plus buffer) overlaps, however many requests race, on both
// engines. Whoever loses is told plainly, and nothing of theirs is saved.

export const SLOT_TAKEN_MESSAGE = "Sorry, someone has just booked that time. Please choose another.";

/** Why a lapsed hold was cancelled, as its record says. */
export const LAPSED_HOLD_REASON = "The time was held for payment, and the hold lapsed unpaid.";

export class SlotTakenError extends ConflictError {
  override name = "SlotTakenError";
  constructor() {
    super(SLOT_TAKEN_MESSAGE);
  }
}

/** A held slot cancelled because its hold lapsed: the caller logs it and tells its visitor. */
export type LapsedHold = typeof consultationBookings.$inferSelect;

export type SlotBookingRow = typeof consultationBookings.$inferInsert & {
  consultantId: string;
  startsAt: Date;
  endsAt: Date;
  blockedUntil: Date;
};

/**
 * Inserts a booking in its slot, in the caller's transaction; SlotTakenError when the
 * consultant's time is already taken. Racers for one consultant queue on a lock first, so each
 * finds the winner committed instead of waiting inside the constraint's check, where two
 * inserts can each wait for the other (a deadlock PostgreSQL breaks only after a second).
 * An unpaid hold of that consultant's time that has lapsed is cancelled first: the slots
 * offered already count it free (slots.server.ts), and the constraint would still count it.
 * Those are returned, so the caller logs each and tells its visitor, as the sweeper would.
 */
export async function insertSlotBooking(tx: Db, row: SlotBookingRow, now = new Date()): Promise<{ id: string; released: LapsedHold[] }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('consultations:slot'), hashtext(${row.consultantId}))`);
  const released = await tx
    .update(consultationBookings)
    .set({ status: "cancelled", cancelledAt: now, cancelledBy: "System", cancelReason: LAPSED_HOLD_REASON, holdExpiresAt: null, version: sql`${consultationBookings.version} + 1` })
    .where(
      and(
        eq(consultationBookings.consultantId, row.consultantId),
        eq(consultationBookings.status, "pending"),
        eq(consultationBookings.isPaid, false),
        lte(consultationBookings.holdExpiresAt, now),
        lt(consultationBookings.startsAt, row.blockedUntil),
        gt(consultationBookings.blockedUntil, row.startsAt),
      ),
    )
    .returning();
  try {
    const [inserted] = await tx.insert(consultationBookings).values(row).returning({ id: consultationBookings.id });
    return { id: inserted!.id, released };
  } catch (error) {
    if (violates(error, "23P01", "consultation_bookings_no_overlap")) throw new SlotTakenError();
    throw error;
  }
}
