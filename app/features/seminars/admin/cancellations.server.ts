import type { Db } from "#db/client.ts";
import { recordActivity, type ActivityEntry, type Actor } from "~/features/activity/service.server.ts";
import { queueEmail } from "~/features/mail/service.server.ts";
import type { OutboxEmailInput } from "~/features/mail/types.ts";
import { netPaidCents } from "~/features/payments/booking-money.ts";
import { closeOpenCheckouts, type PaymentProvider } from "~/features/payments/service.server.ts";
import { ConflictError, NotFoundError } from "~/lib/errors.ts";
import { todayIn } from "~/lib/format.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import type { LinkSigner } from "~/lib/signed-links.server.ts";
import { seminarBookingCancelledEmail } from "../emails/booking-cancelled.ts";
import { seminarCancelledEmail } from "../emails/cancelled.ts";
import { seminarAttendee } from "../emails/queue.server.ts";
import { SeminarNotFoundError } from "../errors.ts";
import { isLiveBooking } from "../seats/rules.ts";
import { changeSeatsTaken, lockBooking, lockSeats, seatsOf } from "../seats/seats.server.ts";
import { bookingCancelledEntry, seminarCancelledEntry, seminarHiddenEntry } from "./activity-entries.ts";
import { bookingsOfSeminar, findBooking, findSeminar, markBookingsCancelled, markSeminarCancelled, type AdminBookingRow, type AdminSeminar } from "./queries.server.ts";
import { isPastSeminar } from "./rules.ts";

// Bookings change state; money stays on record (docs/decisions/015). A seminar with bookings is
// cancelled, never deleted: it is archived (inactive for good), each live booking is cancelled
// with who, when and why, its seat freed, a paid one marked refund due, and each attendee told.
// One attendee's booking is cancelled the same way. Checkouts are closed with the provider
// outside the transaction (before, so no payment starts; after, for one opened in between).

/** What cancelling the seminar would do: the 'Cancel seminar' dialog's numbers. */
export type CancellationPreview = {
  /** Every booking on record, whatever its state: a seminar with any cannot be deleted. */
  bookings: number;
  /** Live bookings (confirmed, or a hold still running): cancelled and e-mailed. */
  attendees: number;
  /** Live bookings with money kept: each gets a refund due. */
  paidAttendees: number;
  refundCents: number;
  /** Dated before today: it took place, so it cannot be cancelled. */
  past: boolean;
};

export async function cancellationPreview(db: Db, seminar: Pick<AdminSeminar, "id" | "seminarDate">, now = new Date()): Promise<CancellationPreview> {
  const bookings = await bookingsOfSeminar(db, seminar.id);
  const live = bookings.filter((booking) => isLiveBooking(booking, now));
  const paid = live.filter((booking) => netPaidCents(booking) > 0);
  return {
    bookings: bookings.length,
    attendees: live.length,
    paidAttendees: paid.length,
    refundCents: paid.reduce((sum, booking) => sum + netPaidCents(booking), 0),
    past: isPastSeminar(seminar, todayIn("Africa/Johannesburg", now)),
  };
}

/** Queues one e-mail inside a savepoint, so a failure leaves the cancellation's transaction usable: the cancellation stands and the failure is logged. */
async function queueQuietly(tx: Db, email: () => OutboxEmailInput, context: Record<string, unknown>): Promise<boolean> {
  try {
    await tx.transaction(async (savepoint) => {
      await queueEmail(savepoint, email());
    });
    return true;
  } catch (error) {
    log.error("Could not queue a cancellation e-mail; the cancellation stands", { ...context, ...errorFields(error) });
    return false;
  }
}

export type CancelledSeminar = { seminar: AdminSeminar; attendeesTold: number; emailsQueued: number; refundsDue: number; bookingIds: string[] };

type Site = { siteUrl: string; links?: LinkSigner; now: Date };

/**
 * Cancels a seminar in the caller's transaction, under its lock: the seminar is archived
 * (inactive, cancelled at/by/why), every live booking cancelled with the same who, when and why
 * and its seat freed, each paid one marked refund due, each attendee e-mailed (the paid ones
 * are told the amount refunded), one entry logged. Nothing is erased.
 */
export async function cancelSeminarWithin(tx: Db, actor: Actor, seminarId: string, reason: string, { siteUrl, links, now }: Site): Promise<CancelledSeminar> {
  const locked = await lockSeats(tx, seminarId, { siteUrl, now });
  if (!locked) throw new SeminarNotFoundError();
  const { seminar } = locked;
  if (seminar.cancelledAt) throw new ConflictError("This seminar is already cancelled.");
  if (isPastSeminar(seminar, todayIn("Africa/Johannesburg", now))) {
    throw new ConflictError("This seminar has already taken place, so it cannot be cancelled. Untick Active to hide it instead.");
  }
  const bookings = await bookingsOfSeminar(tx, seminar.id);
  const live = bookings.filter((booking) => isLiveBooking(booking, now));
  const cancellation = { at: now, by: actor.name, reason };
  const cancelled = await markBookingsCancelled(tx, live.map((booking) => booking.id), cancellation);
  if (live.length > 0) await changeSeatsTaken(tx, seminar.id, -seatsOf(live));
  const archived = await markSeminarCancelled(tx, seminar.id, cancellation);

  let emailsQueued = 0;
  for (const booking of cancelled) {
    const email = () => seminarCancelledEmail({ ...seminarAttendee(booking, seminar, siteUrl, links), refundCents: netPaidCents(booking) });
    if (await queueQuietly(tx, email, { bookingId: booking.id, seminarId: seminar.id })) emailsQueued += 1;
  }
  const refundsDue = cancelled.filter((booking) => booking.refundDue).length;
  await recordActivity(tx, actor, seminarCancelledEntry(archived, { cancelled: cancelled.length, emailed: emailsQueued, refundsDue }));
  return { seminar: archived, attendeesTold: cancelled.length, emailsQueued, refundsDue, bookingIds: bookings.map((booking) => booking.id) };
}

/** Closes every open checkout of the seminar's bookings with the provider, so nobody pays for a seat that is gone. */
export async function closeCheckoutsOfSeminar(db: Db, provider: PaymentProvider, seminarId: string): Promise<void> {
  const bookings = await bookingsOfSeminar(db, seminarId);
  await closeOpenCheckouts(db, provider, "seminar", bookings.map((booking) => booking.id));
}

/** 'Cancel seminar' (docs/product.md §3.6): cancelSeminarWithin in its own transaction, with the checkouts closed around it. */
export async function cancelSeminar(
  db: Db,
  actor: Actor,
  provider: PaymentProvider,
  { seminarId, reason }: { seminarId: string; reason: string },
  { siteUrl, links, now = new Date() }: { siteUrl: string; links?: LinkSigner; now?: Date },
): Promise<Omit<CancelledSeminar, "bookingIds">> {
  await closeCheckoutsOfSeminar(db, provider, seminarId);
  const { bookingIds, ...cancelled } = await db.transaction((tx) => cancelSeminarWithin(tx, actor, seminarId, reason, { siteUrl, links, now }));
  await closeOpenCheckouts(db, provider, "seminar", bookingIds);
  return cancelled;
}

/** Edit Seminar's answer when the seminar being made inactive has live bookings. */
export type LiveBookingsChoice = { kind: "keep" } | { kind: "cancel"; reason: string };

/** Edit Seminar would hide a seminar with live bookings: the admin must say what happens to them (answered 409, with the numbers to ask with). */
export class LiveBookingsQuestion extends ConflictError {
  override name = "LiveBookingsQuestion";
  constructor(
    readonly attendees: number,
    readonly paidAttendees: number,
  ) {
    super(
      `This seminar has ${attendees} live ${attendees === 1 ? "booking" : "bookings"}. Choose whether to cancel it (its attendees are told${paidAttendees > 0 ? " and refunds marked due" : ""}) or to keep the bookings and only hide it from the site, then save again.`,
    );
  }
}

/** What a save did with the live bookings of a seminar it made inactive: nothing to do (undefined), kept them, or cancelled it. */
export type LiveBookingsOutcome = { kind: "kept" } | { kind: "cancelled"; seminar: AdminSeminar } | undefined;

/**
 * Part of saving an edit, in its transaction after the row is written: a seminar that goes from
 * active to inactive while it has live bookings (and has not taken place) is never hidden
 * silently. Without a choice the save is refused with the question; "keep" hides it and logs
 * that the bookings were kept; "cancel" cancels it (cancelSeminarWithin). A choice posted when
 * there is nothing to decide is ignored.
 */
export async function settleLiveBookings(
  tx: Db,
  actor: Actor,
  before: AdminSeminar,
  after: AdminSeminar,
  choice: LiveBookingsChoice | undefined,
  site: Site,
): Promise<LiveBookingsOutcome> {
  if (!before.isActive || after.isActive || before.cancelledAt) return undefined;
  if (isPastSeminar(before, todayIn("Africa/Johannesburg", site.now))) return undefined;
  const live = (await bookingsOfSeminar(tx, after.id)).filter((booking) => isLiveBooking(booking, site.now));
  if (live.length === 0) return undefined;
  if (!choice) throw new LiveBookingsQuestion(live.length, live.filter((booking) => netPaidCents(booking) > 0).length);
  if (choice.kind === "keep") {
    await recordActivity(tx, actor, seminarHiddenEntry(after, live.length));
    return { kind: "kept" };
  }
  return { kind: "cancelled", seminar: (await cancelSeminarWithin(tx, actor, after.id, choice.reason, site)).seminar };
}

/** The live bookings (and the paid ones) that keep Edit Seminar asking, for a form refused for another reason while it asks. */
export async function liveBookingCounts(db: Db, seminarId: string, now = new Date()): Promise<{ attendees: number; paidAttendees: number }> {
  const live = (await bookingsOfSeminar(db, seminarId)).filter((booking) => isLiveBooking(booking, now));
  return { attendees: live.length, paidAttendees: live.filter((booking) => netPaidCents(booking) > 0).length };
}

/** A booking staff can still cancel: one that stands (held or confirmed). */
export function isCancellable(booking: Pick<AdminBookingRow, "status">): boolean {
  return booking.status === "pending" || booking.status === "confirmed";
}

/** How one booking's cancellation tells its customer and checks it may happen, when not as staff do. */
export type BookingCancellationOptions = {
  /** Refuses (throws) under the locks, with the booking and seminar as they now stand: e.g. the customer's cancellation window. */
  check?: (booking: AdminBookingRow, seminar: AdminSeminar) => void;
  /** The customer's e-mail; staff's "we've cancelled your booking" when not given. */
  email?: (cancelled: AdminBookingRow, seminar: AdminSeminar) => OutboxEmailInput;
  /** The activity entry; staff's bookingCancelledEntry when not given. */
  entry?: (cancelled: AdminBookingRow, seminar: AdminSeminar, outcome: { emailed: boolean }) => ActivityEntry;
};

/**
 * One booking cancelled in the caller's transaction: under the seminar's lock, then the
 * booking's (the order everywhere, docs/decisions/005), it becomes cancelled (who, when, why),
 * its seats are freed, `refund_due` is set as asked (only a paid booking can owe one), the
 * customer is e-mailed and the cancellation logged by reference.
 */
export async function cancelBookingWithin(
  tx: Db,
  actor: Actor,
  { seminarId, bookingId, reason, refundDue }: { seminarId: string; bookingId: string; reason: string; refundDue: boolean },
  { siteUrl, links, now }: Site,
  { check, email, entry }: BookingCancellationOptions = {},
): Promise<{ booking: AdminBookingRow; emailed: boolean }> {
  const locked = await lockSeats(tx, seminarId, { siteUrl, now });
  if (!locked) throw new SeminarNotFoundError();
  const current = await lockBooking(tx, bookingId);
  if (!current || !isCancellable(current)) throw new ConflictError("This booking is already cancelled.");
  check?.(current, locked.seminar);
  const hadSeat = isLiveBooking(current, now);
  const [row] = await markBookingsCancelled(tx, [bookingId], { at: now, by: actor.name, reason }, refundDue);
  const done = row!;
  if (hadSeat) await changeSeatsTaken(tx, seminarId, -current.seats);
  const message = email
    ? () => email(done, locked.seminar)
    : () => seminarBookingCancelledEmail({ ...seminarAttendee(done, locked.seminar, siteUrl, links), refundCents: netPaidCents(done), refundDue: done.refundDue });
  const emailed = await queueQuietly(tx, message, { bookingId, seminarId });
  await recordActivity(tx, actor, (entry ?? bookingCancelledEntry)(done, locked.seminar, { emailed }));
  return { booking: done, emailed };
}

/**
 * 'Cancel booking' in Manage Attendees (docs/product.md §3.6): cancelBookingWithin in its own
 * transaction, with staff's answer to "Refund due". Its open checkouts are closed around it.
 */
export async function cancelAttendeeBooking(
  db: Db,
  actor: Actor,
  provider: PaymentProvider,
  { seminarId, bookingId, reason, refundDue }: { seminarId: string; bookingId: string; reason: string; refundDue: boolean },
  { siteUrl, links, now = new Date() }: { siteUrl: string; links?: LinkSigner; now?: Date },
): Promise<{ booking: AdminBookingRow; emailed: boolean }> {
  const [booking, seminar] = await Promise.all([findBooking(db, bookingId), findSeminar(db, seminarId)]);
  if (!seminar) throw new SeminarNotFoundError();
  if (!booking || booking.seminarId !== seminarId) throw new NotFoundError("That attendee is no longer on this seminar.");
  await closeOpenCheckouts(db, provider, "seminar", [bookingId]);
  const cancelled = await db.transaction((tx) => cancelBookingWithin(tx, actor, { seminarId, bookingId, reason, refundDue }, { siteUrl, links, now }));
  await closeOpenCheckouts(db, provider, "seminar", [bookingId]);
  return cancelled;
}
