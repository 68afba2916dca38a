import type { Db } from "#db/client.ts";
import type { PaymentProvider } from "~/features/payments/service.server.ts";
import { NotFoundError } from "~/lib/errors.ts";
import { consultationForPayment, startConsultationCheckout } from "./service.server.ts";
import { bookingReference, isRecordId } from "~/lib/ids.ts";

// The pay-online page that the confirmation e-mail (and the admin's payment reminder) links to.

export type ConsultationPaymentPage =
  | { state: "not-found" }
  | { state: "paid"; reference: string }
  | { state: "cancelled"; reference: string }
  | { state: "payable"; reference: string; amountCents: number };


/** What the page shows. Unknown ids, malformed ids and free calls are "not found". No personal data. */
export async function consultationPaymentPage(db: Db, bookingId: string): Promise<ConsultationPaymentPage> {
  if (!isRecordId(bookingId)) return { state: "not-found" };
  const booking = await consultationForPayment(db, bookingId);
  if (!booking) return { state: "not-found" };
  const reference = bookingReference(booking.id);
  if (booking.isPaid) return { state: "paid", reference };
  if (booking.cancelled) return { state: "cancelled", reference };
  return { state: "payable", reference, amountCents: booking.amountCents };
}

/** 'Pay online': opens (or reuses) a checkout at the configured price and returns where to send the visitor. */
export async function payForConsultation(db: Db, provider: PaymentProvider, { bookingId, siteUrl }: { bookingId: string; siteUrl: string }) {
  if (!isRecordId(bookingId)) throw new NotFoundError("Consultation not found");
  return startConsultationCheckout(db, provider, { bookingId, siteUrl });
}
