import { brand } from "~/content/site.ts";
import { formatRand } from "~/lib/format.ts";
import { bookingReference } from "~/lib/ids.ts";
import type { OutboxEmailInput } from "../../mail/types.ts";
import { renderEmail } from "../../mail/templates/layout.ts";
import { seminarDateLabel, siteLink, type EmailSeminar, seminarDetailRows } from "./facts.ts";

/** Why a payment found no seat: the hold lapsed and the seminar filled, or the booking was cancelled first. */
export type SeatlessPaymentReason = "seat-gone" | "cancelled";

export type SeatlessPayment = {
  bookingId: string;
  firstName: string;
  email: string;
  amountCents: number;
  reason: SeatlessPaymentReason;
  seminar: EmailSeminar;
  siteUrl: string;
};

const why: Record<SeatlessPaymentReason, (title: string, date: string) => string> = {
  "seat-gone": (title, date) =>
    `Thank you for your payment for ${title} on ${date}. It reached us after the 30 minutes we could hold your seat, and the seminar filled up in the meantime, so we could not give you a seat.`,
  cancelled: (title, date) =>
    `Thank you for your payment for ${title} on ${date}. It reached us after your booking had been cancelled, so you do not have a seat at it. Please don't travel to the venue for it.`,
};

/**
 * Sent when a payment arrives for a booking that can no longer have its seat (docs/decisions/015):
 * the money is on record and owed back, and the payer hears so at once rather than a
 * confirmation they cannot use. Queued once per booking.
 */
export function seminarPaidWithoutSeatEmail(payment: SeatlessPayment): OutboxEmailInput {
  const { seminar } = payment;
  const date = seminarDateLabel(seminar);
  const amount = formatRand(payment.amountCents);

  const { html, text } = renderEmail({
    preheader: `We received ${amount} but could not give you a seat. The full amount will be refunded.`,
    heading: "We received your payment, but have no seat for you",
    paragraphs: [
      `Hi ${payment.firstName},`,
      why[payment.reason](seminar.title, date),
      `We will refund the full ${amount} to the way you paid, and we'll let you know when the refund is on its way. You don't need to do anything.`,
      "If you'd still like to come to a seminar, you're welcome to book a seat at another one on our events page.",
    ],
    details: [
      ...seminarDetailRows(seminar),
      ["Booking reference", bookingReference(payment.bookingId)],
      ["Refund", amount],
    ],
    cta: { label: "See upcoming seminars", url: siteLink(payment.siteUrl, "/events") },
    footerNote: `Questions? Reply to this e-mail or write to ${brand.email}.`,
  });

  return {
    kind: "seminar-paid-without-seat",
    to: payment.email,
    subject: `Your payment for ${seminar.title} on ${date}: no seat, full refund to follow`,
    text,
    html,
    dedupeKey: `seminar-paid-without-seat:${payment.bookingId}`,
  };
}
