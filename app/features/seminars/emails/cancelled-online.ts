import { brand } from "~/content/site.ts";
import { formatRand } from "~/lib/format.ts";
import { bookingReference } from "~/lib/ids.ts";
import type { OutboxEmailInput } from "../../mail/types.ts";
import { renderEmail } from "../../mail/templates/layout.ts";
import { manageOr, seminarDateLabel, seminarDetailRows, siteLink, type EmailSeminar } from "./facts.ts";

/** What a customer cancelled through their manage link (docs/decisions/026): one seat of a group, or the whole booking. */
export type CancelledOnline = {
  bookingId: string;
  firstName: string;
  email: string;
  seminar: EmailSeminar;
  siteUrl: string;
  manageUrl?: string;
  /** The seat given back on its own (its ticket and name), or undefined for the whole booking. */
  seat?: { ticketId: string; seatNumber: number; attendeeName: string; seatsLeft: number };
  /** What goes back to the customer for this cancellation (0: nothing was paid). */
  refundCents: number;
};

/**
 * The customer's own cancellation, from their manage page (`seminar-cancelled-online`): what was
 * cancelled, what is refunded and where to, and the manage link. Once per seat or booking.
 */
export function seminarCancelledOnlineEmail(cancelled: CancelledOnline): OutboxEmailInput {
  const { seminar, seat } = cancelled;
  const date = seminarDateLabel(seminar);
  const reference = bookingReference(cancelled.bookingId);
  const what = seat ? `seat ${seat.seatNumber} (${seat.attendeeName}'s ticket)` : "your booking";
  const refund = cancelled.refundCents > 0 ? formatRand(cancelled.refundCents) : undefined;
  const money = refund
    ? `We are refunding ${refund} to the card you paid with; you'll get a separate e-mail once the refund is made. Banks usually take 5 to 10 working days to show it.`
    : "Nothing was paid for it, so there is nothing to refund.";
  const standing = seat
    ? `Your booking still stands with ${seat.seatsLeft} ${seat.seatsLeft === 1 ? "seat" : "seats"}; the other tickets are unchanged.`
    : "You no longer have a seat at this seminar. Please don't travel to the venue for it.";

  const { html, text } = renderEmail({
    preheader: `You cancelled ${what} for ${seminar.title} on ${date}.${refund ? ` ${refund} is being refunded.` : ""}`,
    heading: seat ? "Your seat has been cancelled" : "Your booking has been cancelled",
    paragraphs: [`Hi ${cancelled.firstName},`, `As you asked, we've cancelled ${what} for ${seminar.title} on ${date}.`, money, standing],
    details: [
      ...seminarDetailRows(seminar),
      ["Booking reference", reference],
      ["Cancelled", seat ? `Seat ${seat.seatNumber}: ${seat.attendeeName}` : "The whole booking"],
      ["Refund", refund ?? "None (nothing was paid)"],
    ],
    cta: manageOr(cancelled.manageUrl, { label: "See upcoming seminars", url: siteLink(cancelled.siteUrl, "/events") }),
    footerNote: `You're receiving this e-mail because you cancelled a ${brand.name} seminar booking online. Didn't do this? Reply to this e-mail or write to ${brand.email} at once.`,
  });

  return {
    kind: "seminar-cancelled-online",
    to: cancelled.email,
    subject: seat ? `Seat ${seat.seatNumber} cancelled: ${seminar.title} on ${date}` : `Your booking for ${seminar.title} on ${date} has been cancelled`,
    text,
    html,
    dedupeKey: seat ? `seminar-seat-cancelled:${seat.ticketId}` : `seminar-cancelled-online:${cancelled.bookingId}`,
  };
}
