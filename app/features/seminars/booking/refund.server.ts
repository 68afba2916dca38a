import { eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { seminarBookings } from "#db/schema/index.ts";
import { queueEmail } from "~/features/mail/service.server.ts";
import type { BookingMoney } from "~/features/payments/booking-money.ts";
import type { BookingRefund } from "~/features/payments/service.server.ts";
import type { LinkSigner } from "~/lib/signed-links.server.ts";
import { seminarRefundedEmail } from "../emails/refunded.ts";
import { manageBookingUrl } from "../manage/links.server.ts";
import { changeSeatsTaken, lockBooking, lockSeminar } from "../seats/seats.server.ts";

// What a refund does to a seminar booking (payments settle it and pass it in through the
// seminar's PaidItem, docs/decisions/015): its refunded_cents, and when all the money went
// back, a booking still holding its seat ends as refunded and gives the seat back.

/** A seminar booking's money, for the refund dialog and the refund's checks. */
export async function seminarBookingMoney(db: Db, bookingId: string): Promise<BookingMoney | undefined> {
  const [row] = await db
    .select({ isPaid: seminarBookings.isPaid, amountCents: seminarBookings.amountCents, refundedCents: seminarBookings.refundedCents, refundDue: seminarBookings.refundDue })
    .from(seminarBookings)
    .where(eq(seminarBookings.id, bookingId));
  return row;
}

/**
 * Records a refund on the booking, in the refund's transaction. Lock order as everywhere:
 * seminar, then booking (the caller holds only the payments' own money lock).
 */
export async function recordSeminarRefund(tx: Db, bookingId: string, refund: BookingRefund, siteUrl: string, links?: LinkSigner): Promise<void> {
  const [unlocked] = await tx.select({ seminarId: seminarBookings.seminarId }).from(seminarBookings).where(eq(seminarBookings.id, bookingId));
  if (!unlocked) throw new Error(`Refunded seminar booking ${bookingId} not found`);
  const seminar = await lockSeminar(tx, unlocked.seminarId);
  const booking = await lockBooking(tx, bookingId);
  if (!seminar || !booking) throw new Error(`Refunded seminar booking ${bookingId} not found`);

  // A confirmed booking holds a seat; a cancelled one gave it back already and stays cancelled.
  const seatReleased = refund.fully && booking.status === "confirmed";
  await tx
    .update(seminarBookings)
    .set({
      refundedCents: refund.refundedCents,
      // A new version: a dialog opened before the refund cannot write over it (docs/decisions/014).
      version: sql`${seminarBookings.version} + 1`,
      ...(refund.fully && { refundDue: false }),
      ...(seatReleased && { status: "refunded" as const, cancelledAt: refund.now, cancelledBy: refund.by, cancelReason: refund.reason }),
    })
    .where(eq(seminarBookings.id, bookingId));
  if (seatReleased) await changeSeatsTaken(tx, seminar.id, -booking.seats);

  const { id, title, seminarDate, seminarTime, venueName, address, city } = seminar;
  const manageUrl = manageBookingUrl(siteUrl, links, bookingId);
  await queueEmail(
    tx,
    seminarRefundedEmail({
      refundId: refund.refundId,
      bookingId,
      firstName: booking.firstName,
      email: booking.email,
      seminar: { id, title, seminarDate, seminarTime, venueName, address, city },
      amountCents: refund.amountCents,
      refundedCents: refund.refundedCents,
      paidCents: booking.amountCents,
      fully: refund.fully,
      seatReleased,
      toCard: refund.provider !== "manual",
      siteUrl,
      ...(manageUrl && { manageUrl }),
    }),
  );
}
