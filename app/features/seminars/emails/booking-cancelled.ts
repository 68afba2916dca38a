import { brand } from "~/content/site.ts";
import { formatRand } from "~/lib/format.ts";
import type { OutboxEmailInput } from "../../mail/types.ts";
import { renderEmail } from "../../mail/templates/layout.ts";
import { bookingReference } from "~/lib/ids.ts";
import { manageOr, seminarDateLabel, siteLink, type SeminarAttendee, seminarDetailRows } from "./facts.ts";

/** One attendee's booking cancelled by staff, and whether the money they paid goes back. */
export type CancelledBooking = SeminarAttendee & {
  /** Staff answered "Refund due: yes" (only asked of a paid booking). */
  refundDue: boolean;
};

function moneyParagraph(booking: CancelledBooking): string {
  const paid = formatRand(booking.amountCents);
  const refund = formatRand(booking.refundCents ?? booking.amountCents);
  if (!booking.isPaid) return "You have not been charged for this seat, so there is nothing to pay or refund.";
  if (booking.refundDue) {
    return `You paid ${paid} for your seat. We will refund ${refund} to the way you paid, and we'll let you know when the refund is on its way. You don't need to do anything.`;
  }
  return `You paid ${paid} for your seat. As agreed with our team, this booking is not refunded. If you think that is a mistake, please reply to this e-mail and we'll look into it.`;
}

/**
 * Sent when staff cancel one attendee's booking in Manage Attendees (the
 * `seminar-booking-cancelled` e-mail, docs/product.md §3.6, §8.2): the seminar itself still
 * takes place. Says whether a refund follows. Queued once per booking.
 */
export function seminarBookingCancelledEmail(booking: CancelledBooking): OutboxEmailInput {
  const { seminar } = booking;
  const date = seminarDateLabel(seminar);
  const reference = bookingReference(booking.bookingId);
  const refunds = booking.isPaid && booking.refundDue;

  const { html, text } = renderEmail({
    preheader: `Your seat at ${seminar.title} on ${date} has been cancelled.${refunds ? " A refund is on its way." : ""}`,
    heading: "Your booking has been cancelled",
    paragraphs: [
      `Hi ${booking.firstName},`,
      `We've cancelled your booking for ${seminar.title} on ${date}, so you no longer have a seat at it. Please don't travel to the venue for it.`,
      moneyParagraph(booking),
      "If you'd still like to join us, you're welcome to book a seat at this or another seminar on our events page.",
    ],
    details: [
      ...seminarDetailRows(seminar),
      ["Booking reference", reference],
      ...(refunds ? ([["Refund", formatRand(booking.refundCents ?? booking.amountCents)]] as Array<[string, string]>) : []),
    ],
    cta: manageOr(booking.manageUrl, { label: "See upcoming seminars", url: siteLink(booking.siteUrl, "/events") }),
    footerNote: `You're receiving this e-mail because you had a seat at a ${brand.name} seminar. Questions? Reply to this e-mail or write to ${brand.email}.`,
  });

  return {
    kind: "seminar-booking-cancelled",
    to: booking.email,
    subject: `Your booking for ${seminar.title} on ${date} has been cancelled`,
    text,
    html,
    dedupeKey: `seminar-booking-cancelled:${booking.bookingId}`,
  };
}
