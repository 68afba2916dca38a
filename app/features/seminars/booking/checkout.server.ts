import { eq } from "drizzle-orm";
import { SYSTEM_ACTOR } from "~/features/activity/rules.ts";
import { recordActivity } from "~/features/activity/service.server.ts";
import type { Db } from "#db/client.ts";
import type { LinkSigner } from "~/lib/signed-links.server.ts";
import { seminarBookings } from "#db/schema/index.ts";
import {
  checkoutExpiry,
  closeOpenCheckouts,
  openCheckout,
  reusableCheckout,
  type PaidItem,
  type PaymentProvider,
} from "~/features/payments/service.server.ts";
import { ConflictError, NotFoundError } from "~/lib/errors.ts";
import { releaseHold } from "../seats/holds.server.ts";
import { queuePaidWithoutSeatEmail } from "../emails/queue.server.ts";
import { issueTicketsAndConfirm } from "../tickets/tickets.server.ts";
import { bookingPaidEntry, paidWithoutSeatEntry } from "../booking-activity.ts";
import { confirmSeminarPayment } from "./payment.server.ts";
import { recordSeminarRefund, seminarBookingMoney } from "./refund.server.ts";
import { paidSeminarSummary } from "../events/queries.server.ts";
import { canRenewHold, renewedHoldExpiry } from "../seats/rules.ts";
import { lockBooking, lockSeminar, type LockedSeminar } from "../seats/seats.server.ts";
import { isLiveWaitlistOffer, markOfferBooked } from "../waitlist/offers.server.ts";

export class HoldLapsedError extends ConflictError {
  override name = "HoldLapsedError";
  constructor() {
    super("Your reserved seat was released because payment was not completed within 30 minutes. Please book again.");
  }
}

/**
 * A waitlist offer's checkout (docs/decisions/027): a new one may be opened until the offer
 * lapses (not only in a hold's first 30 minutes), and leaving it returns to the offer's page.
 */
export type WaitlistOfferCheckout = { renewUntil: Date; returnPath: string };

/** A checkout opened or reused for a held seat, or the hold's time is up. */
type CheckoutPlan =
  | { kind: "reuse"; url: string }
  | { kind: "open"; booking: typeof seminarBookings.$inferSelect; seminar: LockedSeminar }
  | { kind: "too-late" };

/**
 * Sends the visitor to pay for their held seat. The amount is the booking's, fixed from the
 * seminar's price when the seat was taken. An open checkout with time left is reused;
 * opening a new one renews the hold to outlast it, but only within the hold's first 30
 * minutes: re-opening checkouts cannot keep an unpaid seat for ever (after that the seat is
 * released and the visitor books again).
 */
export async function startSeminarCheckout(
  db: Db,
  provider: PaymentProvider,
  { bookingId, siteUrl, now = new Date(), offer }: { bookingId: string; siteUrl: string; now?: Date; offer?: WaitlistOfferCheckout },
): Promise<{ url: string }> {
  const expiresAt = checkoutExpiry(now);
  const plan = await db.transaction(async (tx): Promise<CheckoutPlan> => {
    const [unlocked] = await tx.select({ seminarId: seminarBookings.seminarId }).from(seminarBookings).where(eq(seminarBookings.id, bookingId));
    if (!unlocked) throw new NotFoundError("Booking not found");
    const seminar = await lockSeminar(tx, unlocked.seminarId);
    const booking = await lockBooking(tx, bookingId);
    if (!seminar || !booking) throw new NotFoundError("Booking not found");
    if (booking.isPaid) throw new ConflictError("This booking is already paid.");
    if (seminar.cancelledAt) throw new ConflictError("This seminar has been cancelled, so it can no longer be paid for.");
    if (booking.status !== "pending" || !booking.holdExpiresAt || booking.holdExpiresAt <= now) throw new HoldLapsedError();

    // One payable session per booking: an earlier open one is reused while it has time left.
    const reusable = await reusableCheckout(tx, provider, { bookingKind: "seminar", bookingId, now });
    if (reusable) return { kind: "reuse", url: reusable.url };
    if (offer ? now > offer.renewUntil : !canRenewHold(booking, now)) return { kind: "too-late" };
    // An offer's hold may be longer than the checkout: it is only ever lengthened, never cut.
    const renewed = renewedHoldExpiry(now, expiresAt);
    await tx.update(seminarBookings).set({ holdExpiresAt: renewed > booking.holdExpiresAt ? renewed : booking.holdExpiresAt }).where(eq(seminarBookings.id, bookingId));
    return { kind: "open", booking, seminar };
  });
  if (plan.kind === "reuse") return { url: plan.url };
  if (plan.kind === "too-late") {
    await cancelSeminarCheckout(db, provider, bookingId);
    throw new HoldLapsedError();
  }

  // Any other open session is closed, so a visitor can never pay twice for one seat; one paid
  // before the close reached it is this seat's payment, on its way to being recorded.
  const { paid } = await closeOpenCheckouts(db, provider, "seminar", [bookingId]);
  if (paid.length > 0) throw new ConflictError("This booking is already paid.");

  const { booking, seminar } = plan;
  const opened = await openCheckout(db, provider, {
    bookingKind: "seminar",
    bookingId,
    amountCents: booking.amountCents,
    // One line of price × seats (the booking's amount, fixed when the seats were taken): the amount we record and compare with the provider's total.
    description: `${seminar.title} (${seminar.city}) — ${booking.seats === 1 ? "seminar seat" : `${booking.seats} seminar seats`}`,
    customerEmail: booking.email,
    customerName: `${booking.firstName} ${booking.lastName}`,
    successUrl: `${siteUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    // Leaving an offer's checkout goes back to the offer, which still holds its seats.
    cancelUrl: offer ? `${siteUrl}${offer.returnPath}` : `${siteUrl}/events?cancelled=${encodeURIComponent(bookingId)}`,
    expiresAt,
  });
  return { url: opened.url };
}

/**
 * The visitor cancelled: close the checkout first, so that a Pay racing this cancel either
 * landed before (the payment wins: nothing is released, and the answer is false) or finds the
 * checkout closed; then free the seat, and close any checkout opened in between. True when a
 * seat was freed.
 */
export async function cancelSeminarCheckout(db: Db, provider: PaymentProvider, bookingId: string): Promise<boolean> {
  const { paid } = await closeOpenCheckouts(db, provider, "seminar", [bookingId]);
  if (paid.length > 0) return false;
  const freed = await releaseHold(db, bookingId);
  await closeOpenCheckouts(db, provider, "seminar", [bookingId]);
  return freed;
}

/**
 * What payments do with a seminar seat: completion confirms the seats, issues their tickets
 * and queues the confirmation e-mail once; an expired checkout releases the hold and tells the visitor; a
 * refund is recorded on the booking (a full one gives the seat back) and e-mailed.
 */
export function seminarPaidItem(siteUrl: string, links?: LinkSigner): PaidItem {
  return {
    async complete(tx, bookingId, sessionId, now) {
      const confirmed = await confirmSeminarPayment(tx, bookingId, sessionId, now);
      if (!confirmed || confirmed.outcome === "already-paid") return;
      if (confirmed.outcome === "confirmed") {
        await issueTicketsAndConfirm(tx, confirmed.booking, confirmed.seminar, siteUrl, { links });
        await recordActivity(tx, SYSTEM_ACTOR, bookingPaidEntry(confirmed.booking, confirmed.seminar));
        await markOfferBooked(tx, bookingId, confirmed.seminar, now);
        return;
      }
      // Money with no seat: the payer hears at once that it goes back, and staff see the refund to make.
      const reason = confirmed.outcome === "paid-after-cancellation" ? "cancelled" : "seat-gone";
      await queuePaidWithoutSeatEmail(tx, confirmed.booking, confirmed.seminar, reason, siteUrl);
      await recordActivity(tx, SYSTEM_ACTOR, paidWithoutSeatEntry(confirmed.booking, confirmed.seminar, reason));
    },
    async expire(db, bookingId) {
      // A waitlist offer outlives its checkout: its seats stay held until the offer lapses.
      if (await isLiveWaitlistOffer(db, bookingId, new Date())) return;
      await releaseHold(db, bookingId, { siteUrl });
    },
    async title(db, bookingId) {
      return (await paidSeminarSummary(db, bookingId))?.title;
    },
    async isBooked(db, bookingId) {
      return (await paidSeminarSummary(db, bookingId))?.status === "confirmed";
    },
    money: seminarBookingMoney,
    async refunded(tx, bookingId, refund) {
      await recordSeminarRefund(tx, bookingId, refund, siteUrl, links);
    },
  };
}
