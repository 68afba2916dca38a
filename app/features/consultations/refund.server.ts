import { eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { consultationBookings } from "#db/schema/index.ts";
import { queueEmail } from "~/features/mail/service.server.ts";
import type { BookingMoney } from "~/features/payments/booking-money.ts";
import type { BookingRefund } from "~/features/payments/service.server.ts";
import { consultationRefundedEmail } from "./emails.ts";

// What a refund does to a consultation (payments settle it and pass it in through the
// consultation's PaidItem, docs/decisions/015): its refunded_cents, and when all the money
// went back, the status refunded (final, docs/decisions/012).

/** A consultation's money, for the refund dialog and the refund's checks. */
export async function consultationMoney(db: Db, bookingId: string): Promise<BookingMoney | undefined> {
  const [row] = await db
    .select({
      isPaid: consultationBookings.isPaid,
      amountCents: consultationBookings.amountCents,
      refundedCents: consultationBookings.refundedCents,
      refundDue: consultationBookings.refundDue,
    })
    .from(consultationBookings)
    .where(eq(consultationBookings.id, bookingId));
  return row;
}

/** Records a refund on the consultation, in the refund's transaction, and e-mails the client. */
export async function recordConsultationRefund(tx: Db, bookingId: string, refund: BookingRefund): Promise<void> {
  const [booking] = await tx.select().from(consultationBookings).where(eq(consultationBookings.id, bookingId)).for("update");
  if (!booking) throw new Error(`Refunded consultation ${bookingId} not found`);
  const ends = refund.fully && booking.status !== "refunded";
  await tx
    .update(consultationBookings)
    .set({
      refundedCents: refund.refundedCents,
      // A new version: a dialog opened before the refund cannot write over it (docs/decisions/014).
      version: sql`${consultationBookings.version} + 1`,
      ...(refund.fully && { refundDue: false }),
      ...(ends && { status: "refunded" as const }),
      // A cancellation keeps its own who, when and why.
      ...(ends && !booking.cancelledAt && { cancelledAt: refund.now, cancelledBy: refund.by, cancelReason: refund.reason }),
    })
    .where(eq(consultationBookings.id, bookingId));
  await queueEmail(
    tx,
    consultationRefundedEmail({
      refundId: refund.refundId,
      bookingId,
      firstName: booking.firstName,
      email: booking.email,
      amountCents: refund.amountCents,
      refundedCents: refund.refundedCents,
      paidCents: booking.amountCents,
      fully: refund.fully,
      toCard: refund.provider !== "manual",
    }),
  );
}
