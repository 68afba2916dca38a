import type { Db } from "#db/client.ts";
import { netPaidCents } from "~/features/payments/booking-money.ts";
import { CUSTOMER_ACTOR } from "~/features/activity/rules.ts";
import { recordActivity } from "~/features/activity/service.server.ts";
import { queueEmail } from "~/features/mail/service.server.ts";
import { closeOpenCheckouts, refundableCents, refundBooking, type PaidItems, type PaymentProvider, type RefundOutcome } from "~/features/payments/service.server.ts";
import { ConflictError, NotFoundError, StaleEditError, ValidationError } from "~/lib/errors.ts";
import { formatRand } from "~/lib/format.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import type { LinkSigner } from "~/lib/signed-links.server.ts";
import { cancelBookingWithin } from "../admin/cancellations.server.ts";
import { seminarCancelledOnlineEmail } from "../emails/cancelled-online.ts";
import { seminarNamesChangedEmail } from "../emails/names-changed.ts";
import { changeSeatsTaken, lockBooking, lockSeats } from "../seats/seats.server.ts";
import { liveTicketsOfBooking, ticketsOfBooking } from "../tickets/tickets.server.ts";
import { bookingCancelledOnlineEntry, namesChangedEntry, seatCancelledEntry } from "./activity.ts";
import { bookingIdOfToken, manageBookingUrl } from "./links.server.ts";
import { canCancelOnline, hasStarted, seatRefundCents, seatsBooked } from "./policy.ts";
import { cancelTicketIfStanding, dropOneSeat, findBookingWithSeminar, markRefundDue, renameAttendeesIfCurrent, renameTicket, type ManagedBooking, type ManagedSeminar } from "./queries.server.ts";

// "Manage my booking" (docs/decisions/026): what a customer may do through the signed link in
// their e-mails. Every rule is checked here, under the locks (seminar, then booking), never
// only on the page: names until the start (compare-and-set on the booking's version), and
// cancelling a seat or the booking until the free-cancellation edge, refunded through the
// payment provider once the cancellation has committed.

type RefundRow = RefundOutcome["refund"];

export type ManageSite = {
  siteUrl: string;
  links: LinkSigner;
  /** SEMINAR_FREE_CANCELLATION_HOURS. */
  freeCancellationHours: number;
  now?: Date;
  /** Called once a cancellation has freed seats: the waitlist is served (docs/decisions/027). */
  seatsFreed?: (seminarId: string) => Promise<void>;
};

export type ManagePayments = { provider: PaymentProvider; items: PaidItems };

/** The one answer to a token that opens nothing: forged, altered, or naming no booking. */
export class BookingNotFoundError extends NotFoundError {
  override name = "BookingNotFoundError";
  constructor() {
    super("Booking not found");
  }
}

/** The booking a token opens, with its seminar. */
export async function bookingOfToken(db: Db, links: LinkSigner, token: string): Promise<{ booking: ManagedBooking; seminar: ManagedSeminar }> {
  const bookingId = bookingIdOfToken(links, token);
  const found = bookingId ? await findBookingWithSeminar(db, bookingId) : undefined;
  if (!found) throw new BookingNotFoundError();
  return found;
}

export const CANCELLED_ALREADY = "This booking is already cancelled.";
export const SEAT_CANCELLED_ALREADY = "This seat is already cancelled.";

/** What the page says once online cancelling has closed, and what the server answers a cancel then. */
export function cancellationClosedMessage(hours: number): string {
  return `Online cancellation closed ${hours} hours before the seminar starts. To ask about your booking, reply to your confirmation e-mail or write to us.`;
}

function refuseOutsideWindow(seminar: ManagedSeminar, hours: number, now: Date): void {
  if (seminar.cancelledAt) throw new ConflictError("This seminar was cancelled, so there is nothing left to cancel.");
  if (!canCancelOnline(seminar, hours, now)) throw new ConflictError(cancellationClosedMessage(hours));
}

/** Names as the form sent them, one per standing seat. */
export type RenameInput = { version: number; names: string[] };

/**
 * Saves the names on the booking's standing seats (and their tickets), if the booking is still
 * at the version the form was opened at: a stale form is refused and changes nothing.
 * Refused after the start and for a booking that is not confirmed.
 */
export async function renameAttendees(db: Db, site: ManageSite, token: string, input: RenameInput): Promise<ManagedBooking> {
  const now = site.now ?? new Date();
  const { booking, seminar } = await bookingOfToken(db, site.links, token);
  if (booking.status !== "confirmed" || seminar.cancelledAt) throw new ConflictError("This booking is cancelled, so its names can no longer be changed.");
  if (hasStarted(seminar, now)) throw new ConflictError("The seminar has started, so the names can no longer be changed.");
  if (input.names.length !== booking.seats) throw new StaleEditError("Your booking's seats changed since this page was opened. Please reload it and enter the names again.");
  return db.transaction(async (tx) => {
    const renamed = await renameAttendeesIfCurrent(tx, booking.id, input.version, input.names);
    if (!renamed) throw new StaleEditError("Your booking was changed since this page was opened (perhaps in another tab), so these names were not saved. Please reload the page and try again.");
    const standing = await liveTicketsOfBooking(tx, booking.id);
    let changed = 0;
    for (const [index, ticket] of standing.entries()) {
      const name = input.names[index];
      if (name === undefined || name === ticket.attendeeName) continue;
      await renameTicket(tx, ticket.id, name);
      changed += 1;
    }
    await recordActivity(tx, CUSTOMER_ACTOR, namesChangedEntry(booking.id, seminar, changed));
    // The customer hears of a change (so does anyone else reading that inbox); a save that changed nothing sends nothing.
    if (changed > 0) {
      const manageUrl = manageBookingUrl(site.siteUrl, site.links, booking.id);
      const tickets = standing.map((ticket, index) => ({ code: ticket.code, seatNumber: ticket.seatNumber, attendeeName: input.names[index] ?? ticket.attendeeName }));
      await queueEmail(
        tx,
        seminarNamesChangedEmail({
          bookingId: booking.id,
          version: renamed.version,
          firstName: renamed.firstName,
          email: renamed.email,
          seminar,
          siteUrl: site.siteUrl,
          ...(manageUrl && { manageUrl }),
          tickets,
          seats: seatsBooked(renamed, (await ticketsOfBooking(tx, booking.id)).length),
        }),
      );
    }
    return renamed;
  });
}

export type CancelOutcome = {
  /** What was cancelled. */
  cancelled: "seat" | "booking";
  /** What the customer is owed back for it, and the refund made for it (none when nothing was paid). */
  refundCents: number;
  refund?: RefundRow;
  /** What the page tells the customer. */
  message: string;
};

/** How many times a customer's refund is asked again when a racing refund changed what remains. */
const REFUND_TRIES = 3;

/**
 * Asks the provider for the refund after the cancellation committed: `owedCents`, but never
 * more than can be refunded now (a cancellation of the whole booking racing a seat's gives back
 * what remains, whichever refund comes first). One the provider did not make stays owed
 * ("Refund due") for staff.
 */
async function refundCancelled(db: Db, payments: ManagePayments, booking: { id: string }, owedCents: number, reason: string, idempotencyKey: string, now: Date): Promise<RefundRow | undefined> {
  if (owedCents <= 0) return undefined;
  try {
    for (let attempt = 1; ; attempt++) {
      const amountCents = Math.min(owedCents, await refundableCents(db, payments.items, { bookingKind: "seminar", bookingId: booking.id }));
      if (amountCents <= 0) return undefined;
      try {
        const { refund } = await refundBooking(db, payments.provider, payments.items, { bookingKind: "seminar", bookingId: booking.id, amountCents, reason, actor: CUSTOMER_ACTOR, idempotencyKey }, now);
        if (refund.status === "failed") await markRefundDue(db, booking.id);
        return refund;
      } catch (error) {
        // Another refund of this booking (a seat's, racing this one) took part of what was
        // refundable between the read above and refundBooking's lock, which refuses an amount
        // over what remains and records nothing: ask again for what remains now.
        if (error instanceof ValidationError && attempt < REFUND_TRIES) continue;
        throw error;
      }
    }
  } catch (error) {
    log.error("A customer's cancellation could not be refunded at once; it is marked refund due", { bookingId: booking.id, ...errorFields(error) });
    await markRefundDue(db, booking.id);
    return undefined;
  }
}

function refundMessage(amountCents: number, refund: RefundRow | undefined): string {
  if (amountCents <= 0) return "Nothing was paid for it, so there is nothing to refund.";
  if (refund?.status === "succeeded") return `${formatRand(amountCents)} has been refunded to the card you paid with.`;
  return `${formatRand(amountCents)} will be refunded to the card you paid with; we'll e-mail you when it is on its way.`;
}

/**
 * Cancels the whole booking (the staff path, as the customer): under the locks, refused outside
 * the free-cancellation window; its seats go back to the seminar, the customer is e-mailed and
 * the log says so; then all that remains paid is refunded through the provider.
 */
export async function cancelBookingOnline(db: Db, site: ManageSite, payments: ManagePayments, token: string): Promise<CancelOutcome> {
  const now = site.now ?? new Date();
  const { booking, seminar } = await bookingOfToken(db, site.links, token);
  if (booking.status !== "confirmed" && booking.status !== "pending") throw new ConflictError(CANCELLED_ALREADY);
  refuseOutsideWindow(seminar, site.freeCancellationHours, now);
  const manageUrl = manageBookingUrl(site.siteUrl, site.links, booking.id);
  await closeOpenCheckouts(db, payments.provider, "seminar", [booking.id]);
  let refundCents = 0;
  const { booking: cancelled } = await db.transaction((tx) =>
    cancelBookingWithin(
      tx,
      CUSTOMER_ACTOR,
      { seminarId: seminar.id, bookingId: booking.id, reason: "Cancelled online by the customer", refundDue: true },
      { siteUrl: site.siteUrl, links: site.links, now },
      {
        check: (current, locked) => {
          refuseOutsideWindow(locked, site.freeCancellationHours, now);
          refundCents = netPaidCents(current);
        },
        email: (done, locked) => seminarCancelledOnlineEmail({ bookingId: done.id, firstName: done.firstName, email: done.email, seminar: locked, siteUrl: site.siteUrl, ...(manageUrl && { manageUrl }), refundCents }),
        entry: bookingCancelledOnlineEntry,
      },
    ),
  );
  await closeOpenCheckouts(db, payments.provider, "seminar", [booking.id]);
  const refund = await refundCancelled(db, payments, cancelled, refundCents, "Booking cancelled online by the customer", `customer-cancel:${booking.id}`, now);
  return { cancelled: "booking", refundCents, ...(refund && { refund }), message: `Your booking is cancelled. ${refundMessage(refundCents, refund)}` };
}

/**
 * Cancels one seat of a group: under the locks, refused outside the window, its ticket is
 * cancelled (compare-and-set: a second cancel of the same seat changes nothing and refunds
 * nothing), the booking drops one seat and that seat's name, the seat goes back to the seminar,
 * the customer is e-mailed and the log says so; then the seat's share is refunded (the share
 * rounded down; the last seat's cancellation gives back whatever remains). The last standing
 * seat cancels the booking.
 */
export async function cancelSeatOnline(db: Db, site: ManageSite, payments: ManagePayments, token: string, seatNumber: number): Promise<CancelOutcome> {
  const now = site.now ?? new Date();
  const { booking, seminar } = await bookingOfToken(db, site.links, token);
  if (booking.status !== "confirmed") throw new ConflictError(CANCELLED_ALREADY);
  refuseOutsideWindow(seminar, site.freeCancellationHours, now);
  const manageUrl = manageBookingUrl(site.siteUrl, site.links, booking.id);

  const done = await db.transaction(async (tx) => {
    const locked = await lockSeats(tx, seminar.id, { siteUrl: site.siteUrl, now });
    const current = await lockBooking(tx, booking.id);
    if (!locked || !current) throw new BookingNotFoundError();
    if (current.status !== "confirmed") throw new ConflictError(CANCELLED_ALREADY);
    refuseOutsideWindow(locked.seminar, site.freeCancellationHours, now);
    const tickets = await ticketsOfBooking(tx, current.id);
    const ticket = tickets.find((candidate) => candidate.seatNumber === seatNumber);
    if (!ticket) throw new ValidationError("This booking has no such seat.", { seat: ["This booking has no such seat."] });
    if (ticket.cancelledAt) throw new ConflictError(SEAT_CANCELLED_ALREADY);
    const standing = tickets.filter((candidate) => !candidate.cancelledAt);
    if (standing.length <= 1 || current.seats <= 1) return { whole: true as const };

    const names = current.attendeeNames.filter((_, index) => index !== standing.indexOf(ticket));
    const refundCents = seatRefundCents(current, tickets.length);
    if (!(await cancelTicketIfStanding(tx, ticket.id, CUSTOMER_ACTOR.name, now))) throw new ConflictError(SEAT_CANCELLED_ALREADY);
    const dropped = await dropOneSeat(tx, current.id, current.seats, names);
    if (!dropped) throw new ConflictError("Your booking changed while this seat was being cancelled. Please reload the page.");
    await changeSeatsTaken(tx, locked.seminar.id, -1);
    const seat = { ticketId: ticket.id, seatNumber, attendeeName: ticket.attendeeName, seatsLeft: dropped.seats };
    const email = seminarCancelledOnlineEmail({ bookingId: current.id, firstName: current.firstName, email: current.email, seminar: locked.seminar, siteUrl: site.siteUrl, ...(manageUrl && { manageUrl }), seat, refundCents });
    const emailed = (await queueEmail(tx, email)).queued;
    await recordActivity(tx, CUSTOMER_ACTOR, seatCancelledEntry(current.id, locked.seminar, { seatNumber, seatsLeft: dropped.seats, refundCents, emailed }));
    return { whole: false as const, ticketId: ticket.id, refundCents };
  });
  if (done.whole) return cancelBookingOnline(db, site, payments, token);

  const refund = await refundCancelled(db, payments, booking, done.refundCents, `Seat ${seatNumber} cancelled online by the customer`, `customer-cancel-seat:${done.ticketId}`, now);
  return { cancelled: "seat", refundCents: done.refundCents, ...(refund && { refund }), message: `Seat ${seatNumber} is cancelled. ${refundMessage(done.refundCents, refund)}` };
}
