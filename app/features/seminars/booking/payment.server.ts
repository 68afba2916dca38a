import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { seminarBookings } from "#db/schema/index.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import { hasFreeSeat, mayRetakeSeat } from "../seats/rules.ts";
import { changeSeatsTaken, lockBooking, lockSeminar } from "../seats/seats.server.ts";

export type SeminarPaymentOutcome =
  /** The hold became a confirmed, paid seat. */
  | "confirmed"
  /** Already paid: a replay; nothing changed. */
  | "already-paid"
  /** Paid after the hold lapsed and the seat was resold: recorded as paid, stays cancelled, refund due. */
  | "paid-without-seat"
  /** Paid after staff cancelled the booking or its seminar: recorded as paid, stays cancelled, refund due. */
  | "paid-after-cancellation";

export type ConfirmedSeminarBooking = {
  outcome: SeminarPaymentOutcome;
  booking: typeof seminarBookings.$inferSelect;
  seminar: NonNullable<Awaited<ReturnType<typeof lockSeminar>>>;
};

/**
 * Marks a seminar booking paid, inside the caller's transaction (which has already locked
 * the checkout session). Lock order: seminar, then booking, as everywhere else.
 */
export async function confirmSeminarPayment(
  tx: Db,
  bookingId: string,
  sessionId: string,
  now: Date,
): Promise<ConfirmedSeminarBooking | undefined> {
  const [unlocked] = await tx.select({ seminarId: seminarBookings.seminarId }).from(seminarBookings).where(eq(seminarBookings.id, bookingId));
  if (!unlocked) return undefined;
  const seminar = await lockSeminar(tx, unlocked.seminarId);
  const booking = await lockBooking(tx, bookingId);
  if (!seminar || !booking) return undefined;
  if (booking.isPaid) return { outcome: "already-paid", booking, seminar };

  let outcome: SeminarPaymentOutcome = "confirmed";
  if (booking.status === "cancelled" && !mayRetakeSeat(booking, seminar)) {
    // A cancellation by staff (or of the seminar) is final: the money is kept on record and owed back.
    outcome = "paid-after-cancellation";
    log.error("A payment arrived for a cancelled booking: refund due", { bookingId, seminarId: seminar.id, ...errorFields(new Error("paid-after-cancellation")) });
  } else if (booking.status === "cancelled") {
    // The hold lapsed before the payment arrived: take its seats again if they are all free.
    if (hasFreeSeat(seminar, booking.seats)) {
      await changeSeatsTaken(tx, seminar.id, booking.seats);
    } else {
      outcome = "paid-without-seat";
      log.error("A payment arrived for a lapsed hold on a full seminar: refund needed", {
        bookingId,
        seminarId: seminar.id,
        ...errorFields(new Error("paid-without-seat")),
      });
    }
  }

  // Compare-and-set under the locks: only an unpaid booking becomes paid. Money kept without a seat is owed back.
  const [updated] = await tx
    .update(seminarBookings)
    .set({
      isPaid: true,
      paidAt: now,
      paymentSessionId: sessionId,
      holdExpiresAt: null,
      status: outcome === "confirmed" ? "confirmed" : "cancelled",
      // Money with no seat to show for it is owed back, whichever way the seat was lost.
      ...(outcome === "confirmed" ? {} : { refundDue: true }),
    })
    .where(and(eq(seminarBookings.id, bookingId), eq(seminarBookings.isPaid, false)))
    .returning();
  if (!updated) throw new Error(`Seminar booking ${bookingId} was paid under its lock by someone else`);
  return { outcome, booking: updated, seminar };
}
