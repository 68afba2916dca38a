import { brand } from "~/content/site.ts";
import { formatRand } from "~/lib/format.ts";
import { bookingReference } from "~/lib/ids.ts";
import type { OutboxEmailInput } from "../../mail/types.ts";
import { renderEmail } from "../../mail/templates/layout.ts";
import { manageOr, seminarDateLabel, siteLink, type EmailSeminar } from "./facts.ts";

export type SeminarRefund = {
  refundId: string;
  bookingId: string;
  firstName: string;
  email: string;
  seminar: EmailSeminar;
  /** This refund. */
  amountCents: number;
  /** Refunded of the booking so far, this refund included, and what was paid. */
  refundedCents: number;
  paidCents: number;
  /** All the money went back. */
  fully: boolean;
  /** The seat was given up with this refund (the booking was still live). */
  seatReleased: boolean;
  /** Back to the card (a provider's refund), or paid back by staff outside the website. */
  toCard: boolean;
  siteUrl: string;
  /** The booking's signed manage page (docs/decisions/026), when the sender could sign it. */
  manageUrl?: string;
};

/**
 * Sent to the attendee for every refund of their seminar booking (the `seminar-refunded`
 * e-mail, docs/product.md §8.2): once per refund.
 */
export function seminarRefundedEmail(refund: SeminarRefund): OutboxEmailInput {
  const { seminar } = refund;
  const date = seminarDateLabel(seminar);
  const amount = formatRand(refund.amountCents);
  const where = refund.toCard
    ? "It goes back to the card you paid with; banks usually take 5 to 10 working days to show it on your statement."
    : "We have paid it back to you directly, as agreed with you.";
  const standing = refund.fully
    ? refund.seatReleased
      ? "Your booking is now fully refunded, so your seat has been released."
      : "Your booking is now fully refunded."
    : `Your seat is still booked. So far ${formatRand(refund.refundedCents)} of the ${formatRand(refund.paidCents)} you paid has been refunded.`;

  const { html, text } = renderEmail({
    preheader: `We've refunded ${amount} of your booking for ${seminar.title} on ${date}.`,
    heading: `Your refund of ${amount} is on its way`,
    paragraphs: [`Hi ${refund.firstName},`, `We've refunded ${amount} of your booking for ${seminar.title} on ${date}. ${where}`, standing],
    details: [
      ["Seminar", seminar.title],
      ["Date", date],
      ["Booking reference", bookingReference(refund.bookingId)],
      ["Refunded now", amount],
      ["Refunded in total", `${formatRand(refund.refundedCents)} of ${formatRand(refund.paidCents)}`],
    ],
    cta: manageOr(refund.manageUrl, { label: "See upcoming seminars", url: siteLink(refund.siteUrl, "/events") }),
    footerNote: `You're receiving this e-mail because you booked a ${brand.name} seminar. Questions about your refund? Reply to this e-mail or write to ${brand.email}.`,
  });

  return {
    kind: "seminar-refunded",
    to: refund.email,
    subject: `Refund of ${amount}: ${seminar.title} on ${date}`,
    text,
    html,
    dedupeKey: `seminar-refunded:${refund.refundId}`,
  };
}
