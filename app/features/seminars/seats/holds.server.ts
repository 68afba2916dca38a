import { and, eq } from "drizzle-orm";
import { databaseBusyReason } from "#db/busy.ts";
import type { Db } from "#db/client.ts";
import { seminarBookings } from "#db/schema/index.ts";
import { consumeRateLimit } from "~/features/abuse/service.server.ts";
import { upsertContact } from "~/features/contacts/service.server.ts";
import { todayIn } from "~/lib/format.ts";
import { NotEnoughSeatsError, SeminarFullError, SeminarNotBookableError, SeminarNotFoundError } from "../errors.ts";
import { CUSTOMER_ACTOR, SYSTEM_ACTOR } from "~/features/activity/rules.ts";
import { recordActivity } from "~/features/activity/service.server.ts";
import { holdReleasedEntry, seatHeldEntry } from "../booking-activity.ts";
import { queueHoldExpiredEmails } from "../emails/queue.server.ts";
import { isBookable } from "../rules.ts";
import type { SeminarBookingInput } from "../schema.ts";
import { hasFreeSeat, HOLD_MINUTES, HOLD_RELEASE_REASONS, holdExpiry, MAX_SEATS_PER_BOOKING, spotsLeft } from "./rules.ts";
import { ValidationError } from "~/lib/errors.ts";
import { changeSeatsTaken, lockBooking, lockSeats, lockSeminar, peekSeats, seminarsWithLapsedHolds, takeFreeSeats, type LockedSeminar, type PeekedSeminar, type ReleasedHold } from "./seats.server.ts";

export type SeatHold = {
  bookingId: string;
  userId: string;
  seminarId: string;
  seats: number;
  /** The seminar's price × seats, as the seats were taken. */
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

/** Why this seminar cannot take a booking of `seats` now, or undefined: the one check, before the lock and again under it. */
function refusal(seminar: LockedSeminar, seats: number, now: Date): Error | undefined {
  if (!isBookable(seminar, todayIn("Africa/Johannesburg", now))) return new SeminarNotBookableError();
  if (hasFreeSeat(seminar, seats)) return undefined;
  const left = spotsLeft(seminar);
  return left === 0 ? new SeminarFullError() : new NotEnoughSeatsError(left);
}

/**
 * Books `input.seats` seats for a visitor, all or none: a pending, unpaid booking held for 30 minutes. A seminar that
 * is unknown, closed, past or full is refused from a plain read, without waiting for its lock
 * (hundreds of hopeless tries must not queue for it). When a seat is free on paper, one
 * transaction takes it in a single conditional update (takeFreeSeat), then writes the booking:
 * a try that finds the seminar full there gives up at once instead of locking it and looking
 * (docs/decisions/022). A seat
 * free only once lapsed holds are freed is taken under the seminar's lock (lockSeats), as
 * the sweeper frees them. The price is the seminar's as the seat is taken; nothing in the
 * request sets it.
 */
export async function holdSeat(db: Db, asked: SeminarBookingInput, { siteUrl, now = new Date() }: { siteUrl: string; now?: Date }): Promise<SeatHold> {
  const input = withSeats(asked);
  let seen = await peekSeats(db, input.seminarId, now);
  if (!seen) throw new SeminarNotFoundError();
  const early = refusal(seen, input.seats, now);
  if (early) throw early;
  if (seen.lapsedSeats === 0 || seen.currentAttendees + seen.lapsedSeats + input.seats <= seen.maxAttendees) {
    const fast = await holdFreeSeat(db, input, now);
    if ("hold" in fast) return fast.hold;
    // Taken by others since the read: refused now, unless lapsed holds make room.
    seen = fast.seen;
    const late = seen ? refusal(seen, input.seats, now) : new SeminarNotFoundError();
    if (late) throw late;
  }
  return holdUnderLock(db, input, { siteUrl, now });
}

type SeatsAsked = SeminarBookingInput & { seats: number; attendeeNames: string[] };

/** The booking with its seats spelled out: one seat in the booker's name unless it says otherwise; one name per seat. */
function withSeats(input: SeminarBookingInput): SeatsAsked {
  const seats = input.seats ?? 1;
  const attendeeNames = input.attendeeNames ?? [`${input.contact.firstName} ${input.contact.lastName}`];
  if (!Number.isInteger(seats) || seats < 1 || seats > MAX_SEATS_PER_BOOKING || attendeeNames.length !== seats) {
    throw new ValidationError(`A booking takes 1 to ${MAX_SEATS_PER_BOOKING} seats, with one name per seat.`);
  }
  return { ...input, seats, attendeeNames };
}

/** Why the fast path gave way: rolls its transaction back; holdSeat decides from `seen`. */
class NoFreeSeat extends Error {
  constructor(readonly seen: PeekedSeminar | undefined) {
    super("No seat is free on paper");
  }
}

/** The booking as the visitor asked for it, at the seminar's `priceCents` per seat; the caller takes the seats. */
async function insertHold(tx: Db, input: SeatsAsked, priceCents: number, now: Date) {
  const amountCents = priceCents * input.seats;
  const contact = await upsertContact(tx, input.contact);
  const holdExpiresAt = holdExpiry(now);
  const [booking] = await tx
    .insert(seminarBookings)
    .values({
      userId: contact.id,
      seminarId: input.seminarId,
      firstName: input.contact.firstName,
      lastName: input.contact.lastName,
      email: input.contact.email,
      phone: input.contact.phone,
      address: input.contact.address ?? null,
      preferredContact: input.contact.preferredContact,
      notes: input.notes ?? null,
      seats: input.seats,
      attendeeNames: input.attendeeNames,
      status: "pending",
      isPaid: false,
      amountCents,
      holdExpiresAt,
      // The hold's own clock (its renewals are capped from it), also when a test sets `now`.
      createdAt: now,
    })
    .returning({ id: seminarBookings.id });
  return {
    bookingId: booking!.id,
    userId: contact.id,
    seminarId: input.seminarId,
    seats: input.seats,
    amountCents,
    holdExpiresAt,
    email: input.contact.email,
    firstName: input.contact.firstName,
    lastName: input.contact.lastName,
  } satisfies SeatHold;
}

/**
 * The fast path: the seat first, in one statement, then the booking. When no seat is free on
 * paper any more, the seminar as it now stands instead (read in the same transaction, so the
 * try needs no other connection to be told).
 */
async function holdFreeSeat(db: Db, input: SeatsAsked, now: Date): Promise<{ hold: SeatHold } | { seen: PeekedSeminar | undefined }> {
  try {
    const hold = await db.transaction(async (tx) => {
      const seminar = await takeFreeSeats(tx, input.seminarId, input.seats);
      if (!seminar) throw new NoFreeSeat(await peekSeats(tx, input.seminarId, now));
      // Closed or moved into the past since the read: the seat goes back with the rollback.
      if (!isBookable(seminar, todayIn("Africa/Johannesburg", now))) throw new SeminarNotBookableError();
      const held = await insertHold(tx, input, seminar.priceCents, now);
      await recordActivity(tx, CUSTOMER_ACTOR, seatHeldEntry(held.bookingId, seminar, input.seats));
      return held;
    });
    return { hold };
  } catch (error) {
    if (error instanceof NoFreeSeat) return { seen: error.seen };
    throw error;
  }
}

/** The careful path: lock the seminar, free its lapsed holds, check again, then hold the seat. */
async function holdUnderLock(db: Db, input: SeatsAsked, { siteUrl, now }: { siteUrl: string; now: Date }): Promise<SeatHold> {
  return db.transaction(async (tx) => {
    const locked = await lockSeats(tx, input.seminarId, { siteUrl, now });
    if (!locked) throw new SeminarNotFoundError();
    const { seminar } = locked;
    const late = refusal(seminar, input.seats, now);
    if (late) throw late;
    const hold = await insertHold(tx, input, seminar.priceCents, now);
    await changeSeatsTaken(tx, seminar.id, input.seats);
    await recordActivity(tx, CUSTOMER_ACTOR, seatHeldEntry(hold.bookingId, seminar, input.seats));
    return hold;
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
    await changeSeatsTaken(tx, booking.seminarId, -booking.seats);
    await recordActivity(tx, tellVisitor ? SYSTEM_ACTOR : CUSTOMER_ACTOR, holdReleasedEntry(bookingId, seminar, releasedBy.cancelReason));
    if (tellVisitor) {
      await queueHoldExpiredEmails(tx, seminar, [booking], tellVisitor.siteUrl);
    }
    return true;
  });
}

/**
 * The sweeper alone (pages count the seats of lapsed holds as free without freeing them): frees every lapsed hold, one seminar
 * (and one lock) at a time, and tells each visitor. A seminar locked elsewhere for longer
 * than the lock wait keeps its lapsed holds until the next sweep, so one busy seminar
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
