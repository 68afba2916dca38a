import type { Db } from "#db/client.ts";
import type { PaymentProvider } from "~/features/payments/service.server.ts";
import { NotFoundError } from "~/lib/errors.ts";
import { consultationForPayment, startConsultationCheckout } from "./service.server.ts";
import { bookingReference, isRecordId } from "~/lib/ids.ts";
import { clockIn, meetingTimeText, zoneLabel } from "./slots/display.ts";

// The pay-online page that the confirmation e-mail (and the admin's payment reminder) links to.

/** A booked time as the page shows it: in the visitor's zone with UK time beside it. */
export type PaymentPageSlot = { when: string; heldUntil?: string };

export type ConsultationPaymentPage =
  | { state: "not-found" }
  | { state: "paid"; reference: string; slot?: PaymentPageSlot }
  | { state: "cancelled"; reference: string }
  | { state: "released"; reference: string; when: string }
  | { state: "payable"; reference: string; amountCents: number; slot?: PaymentPageSlot };


/** What the page shows. Unknown ids, malformed ids and free calls are "not found". No personal data. */
export async function consultationPaymentPage(db: Db, bookingId: string): Promise<ConsultationPaymentPage> {
  if (!isRecordId(bookingId)) return { state: "not-found" };
  const booking = await consultationForPayment(db, bookingId);
  if (!booking) return { state: "not-found" };
  const reference = bookingReference(booking.id);
  const { slot } = booking;
  const shown = slot && {
    when: meetingTimeText(slot.startsAt, slot.timeZone),
    ...(slot.holdExpiresAt ? { heldUntil: `${clockIn(slot.holdExpiresAt, slot.timeZone)} ${zoneLabel(slot.timeZone)}` } : {}),
  };
  if (booking.isPaid) return { state: "paid", reference, ...(shown ? { slot: { when: shown.when } } : {}) };
  if (slot?.released) return { state: "released", reference, when: shown!.when };
  if (booking.cancelled) return { state: "cancelled", reference };
  return { state: "payable", reference, amountCents: booking.amountCents, ...(shown ? { slot: shown } : {}) };
}

/** 'Pay online': opens (or reuses) a checkout at the configured price and returns where to send the visitor. */
export async function payForConsultation(db: Db, provider: PaymentProvider, { bookingId, siteUrl }: { bookingId: string; siteUrl: string }) {
  if (!isRecordId(bookingId)) throw new NotFoundError("Consultation not found");
  return startConsultationCheckout(db, provider, { bookingId, siteUrl });
}
