import { and, eq } from "drizzle-orm";
import { databaseBusyReason } from "#db/busy.ts";
import type { Db } from "#db/client.ts";
import { seminarBookings } from "#db/schema/index.ts";
import { consumeRateLimit } from "~/features/abuse/service.server.ts";
import { upsertContact } from "~/features/contacts/service.server.ts";
import { todayIn } from "~/lib/format.ts";
import { SeminarFullError, SeminarNotBookableError, SeminarNotFoundError } from "../errors.ts";
import { CUSTOMER_ACTOR, SYSTEM_ACTOR } from "~/features/activity/rules.ts";
import { recordActivity } from "~/features/activity/service.server.ts";
import { holdReleasedEntry, seatHeldEntry } from "../booking-activity.ts";
import { queueHoldExpiredEmails } from "../emails/queue.server.ts";
import { isBookable } from "../rules.ts";
import type { SeminarBookingInput } from "../schema.ts";
import { hasFreeSeat, HOLD_MINUTES, HOLD_RELEASE_REASONS, holdExpiry } from "./rules.ts";
import { changeSeatsTaken, lockBooking, lockSeats, lockSeminar, peekSeats, seminarsWithLapsedHolds, type LockedSeminar, type ReleasedHold } from "./seats.server.ts";

export type SeatHold = {
  bookingId: string;
  userId: string;
  seminarId: string;
  amountCents: number;
  holdExpiresAt: Date;
  email: string;
  firstName: string;
  lastName: string;
};

/** Tries at booking a seat a visitor's address may make, counted over a hold's own 30 minutes (SEAT_HOLDS_PER_ADDRESS). */
export type TriesPerAddress = { address: string; limit: number };

/**
 * Counts one try at booking a seat against the visitor's address, whatever its answer will
 * be, and throws RateLimitedError (429) past the limit. A hold is free, so without the count
 * one address could empty a seminar; counting refused tries too (a full or closed seminar, a
 * form sent back) stops one address from queueing hundreds of tries (docs/decisions/018).
 * Counted on its own, before anything else is read, so a refusal cannot roll it back.
 */
export async function countSeatTry(db: Db, { address, limit }: TriesPerAddress, now = new Date()): Promise<void> {
  await consumeRateLimit(db, { name: "seat-hold", limit, windowSeconds: HOLD_MINUTES * 60 }, address, now);
}

/** Why this seminar cannot take a booking now, or undefined: the one check, before the lock and again under it. */
function refusal(seminar: LockedSeminar, now: Date): Error | undefined {
  if (!isBookable(seminar, todayIn("Africa/Johannesburg", now))) return new SeminarNotBookableError();
  if (!hasFreeSeat(seminar)) return new SeminarFullError();
  return undefined;
}

/**
 * Books a seat for a visitor. A seminar that is unknown, closed, past or full is refused from
 * a plain read, without waiting for its lock (hundreds of hopeless tries must not queue for
 * it). Otherwise one transaction locks the seminar, frees lapsed holds, checks again and
 * writes the booking (pending, unpaid, held for 30 minutes). The price is the seminar's, read
 * under the lock; nothing in the request sets it.
 */
export async function holdSeat(db: Db, input: SeminarBookingInput, { siteUrl, now = new Date() }: { siteUrl: string; now?: Date }): Promise<SeatHold> {
  const seen = await peekSeats(db, input.seminarId, now);
  if (!seen) throw new SeminarNotFoundError();
  const early = refusal(seen, now);
  if (early) throw early;

  return db.transaction(async (tx) => {
    const locked = await lockSeats(tx, input.seminarId, { siteUrl, now });
    if (!locked) throw new SeminarNotFoundError();
    const { seminar } = locked;
    const late = refusal(seminar, now);
    if (late) throw late;

    const contact = await upsertContact(tx, input.contact);
    const holdExpiresAt = holdExpiry(now);
    const [booking] = await tx
      .insert(seminarBookings)
      .values({
        userId: contact.id,
        seminarId: seminar.id,
        firstName: input.contact.firstName,
        lastName: input.contact.lastName,
        email: input.contact.email,
        phone: input.contact.phone,
        address: input.contact.address ?? null,
        preferredContact: input.contact.preferredContact,
        notes: input.notes ?? null,
        status: "pending",
        isPaid: false,
        amountCents: seminar.priceCents,
        holdExpiresAt,
        // The hold's own clock (its renewals are capped from it), also when a test sets `now`.
        createdAt: now,
      })
      .returning({ id: seminarBookings.id });
    await changeSeatsTaken(tx, seminar.id, 1);
    await recordActivity(tx, CUSTOMER_ACTOR, seatHeldEntry(booking!.id, seminar));
    return {
      bookingId: booking!.id,
      userId: contact.id,
      seminarId: seminar.id,
      amountCents: seminar.priceCents,
      holdExpiresAt,
      email: input.contact.email,
      firstName: input.contact.firstName,
      lastName: input.contact.lastName,
    };
  });
}

/**
 * Cancels an unpaid hold and frees its seat: the visitor gave up on paying, or the
 * checkout expired (then `tellVisitor` queues the "seat released" e-mail). Idempotent;
 * a paid or already-cancelled booking is left alone. Returns true when a seat was freed.
 */
export async function releaseHold(db: Db, bookingId: string, tellVisitor?: { siteUrl: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [unlocked] = await tx
      .select({ seminarId: seminarBookings.seminarId })
      .from(seminarBookings)
      .where(eq(seminarBookings.id, bookingId));
    if (!unlocked) return false;
    // Lock order everywhere: seminar, then booking.
    const seminar = await lockSeminar(tx, unlocked.seminarId);
    const booking = await lockBooking(tx, bookingId);
    if (!seminar || !booking || booking.status !== "pending" || booking.isPaid) return false;
    // The provider expiring the checkout is the system's doing; leaving it, the visitor's.
    const releasedBy = tellVisitor
      ? { cancelledBy: "System", cancelReason: HOLD_RELEASE_REASONS.checkoutExpired }
      : { cancelledBy: "Customer", cancelReason: HOLD_RELEASE_REASONS.leftCheckout };
    // Compare-and-set: only a pending, unpaid hold is released, so its seat is given back once.
    const [released] = await tx
      .update(seminarBookings)
      .set({ status: "cancelled", holdExpiresAt: null, cancelledAt: new Date(), ...releasedBy })
      .where(and(eq(seminarBookings.id, bookingId), eq(seminarBookings.status, "pending"), eq(seminarBookings.isPaid, false)))
      .returning({ id: seminarBookings.id });
    if (!released) return false;
    await changeSeatsTaken(tx, booking.seminarId, -1);
    await recordActivity(tx, tellVisitor ? SYSTEM_ACTOR : CUSTOMER_ACTOR, holdReleasedEntry(bookingId, seminar, releasedBy.cancelReason));
    if (tellVisitor) {
      await queueHoldExpiredEmails(tx, seminar, [booking], tellVisitor.siteUrl);
    }
    return true;
  });
}

/**
 * The sweeper (and the pages, before they count seats): frees every lapsed hold, one seminar
 * (and one lock) at a time, and tells each visitor. A seminar locked elsewhere for longer
 * than the lock wait keeps its lapsed holds until the next sweep or read, so one busy seminar
 * neither fails the events list nor stops the sweep (docs/decisions/018).
 */
export async function releaseAllLapsedHolds(db: Db, { siteUrl, now = new Date() }: { siteUrl: string; now?: Date }): Promise<ReleasedHold[]> {
  const released: ReleasedHold[] = [];
  for (const seminarId of await seminarsWithLapsedHolds(db, now)) {
    try {
      const holds = await db.transaction(async (tx) => (await lockSeats(tx, seminarId, { siteUrl, now }))?.released ?? []);
      released.push(...holds);
    } catch (error) {
      if (databaseBusyReason(error) !== "lock-timeout") throw error;
    }
  }
  return released;
}
