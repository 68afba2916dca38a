import type { Db } from "#db/client.ts";
import type { PaymentProvider } from "~/features/payments/service.server.ts";
import { NotFoundError } from "~/lib/errors.ts";
import { consultationForPayment, startConsultationCheckout } from "./service.server.ts";

// The pay-online page that the confirmation e-mail (and the admin's payment reminder) links to.

export type ConsultationPaymentPage =
  | { state: "not-found" }
  | { state: "paid"; reference: string }
  | { state: "cancelled"; reference: string }
  | { state: "payable"; reference: string; amountCents: number };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The short reference the confirmation e-mail shows, e.g. "3F2A9C1B". */
export function bookingReference(bookingId: string): string {
  return bookingId.slice(0, 8).toUpperCase();
}

/** What the page shows. Unknown ids, malformed ids and free calls are "not found". No personal data. */
export async function consultationPaymentPage(db: Db, bookingId: string): Promise<ConsultationPaymentPage> {
  if (!uuidPattern.test(bookingId)) return { state: "not-found" };
  const booking = await consultationForPayment(db, bookingId);
  if (!booking) return { state: "not-found" };
  const reference = bookingReference(booking.id);
  if (booking.isPaid) return { state: "paid", reference };
  if (booking.cancelled) return { state: "cancelled", reference };
  return { state: "payable", reference, amountCents: booking.amountCents };
}

/** 'Pay online': opens (or reuses) a checkout at the configured price and returns where to send the visitor. */
export async function payForConsultation(db: Db, provider: PaymentProvider, { bookingId, siteUrl }: { bookingId: string; siteUrl: string }) {
  if (!uuidPattern.test(bookingId)) throw new NotFoundError("Consultation not found");
  return startConsultationCheckout(db, provider, { bookingId, siteUrl });
}
