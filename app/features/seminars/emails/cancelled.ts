import { brand } from "~/content/site.ts";
import { formatRand } from "~/lib/format.ts";
import type { OutboxEmailInput } from "../../mail/types.ts";
import { renderEmail } from "../../mail/templates/layout.ts";
import { bookingReference } from "~/lib/ids.ts";
import { manageOr, seminarDateLabel, siteLink, type SeminarAttendee, seminarDetailRows } from "./facts.ts";

/**
 * Sent to each attendee with a standing seat when an admin cancels the seminar (the
 * `seminar-cancelled` e-mail, docs/product.md §3.6, §8.2). Queued once per booking.
 */
export function seminarCancelledEmail(attendee: SeminarAttendee): OutboxEmailInput {
  const { seminar } = attendee;
  const date = seminarDateLabel(seminar);
  const reference = bookingReference(attendee.bookingId);
  const eventsUrl = siteLink(attendee.siteUrl, "/events");
  const refundCents = attendee.refundCents ?? attendee.amountCents;
  const refunds = attendee.isPaid && refundCents > 0;
  const money = refunds
    ? `You paid ${formatRand(attendee.amountCents)} for your seat. We will refund ${formatRand(refundCents)} to the way you paid, and we'll let you know when the refund is on its way. You don't need to do anything.`
    : attendee.isPaid
      ? `You paid ${formatRand(attendee.amountCents)} for your seat, and it has already been refunded.`
      : "You have not been charged for this seat, so there is nothing to refund.";

  const { html, text } = renderEmail({
    preheader: `We're sorry: ${seminar.title} on ${date} will not take place.`,
    heading: "Your seminar has been cancelled",
    paragraphs: [
      `Hi ${attendee.firstName},`,
      `We're sorry to tell you that ${seminar.title}, planned for ${date}, has been cancelled and will not take place. Please don't travel to the venue for it.`,
      money,
      "We hold seminars in several South African cities throughout the year, and we'd love to see you at another one. You can also book a private consultation to plan your move one-to-one.",
    ],
    details: [
      ...seminarDetailRows(seminar),
      ["Booking reference", reference],
      ...(refunds ? ([["Refund", formatRand(refundCents)]] as Array<[string, string]>) : []),
    ],
    cta: manageOr(attendee.manageUrl, { label: "See upcoming seminars", url: eventsUrl }),
    footerNote: `You're receiving this e-mail because you had a seat at a ${brand.name} seminar. Questions? Reply to this e-mail or write to ${brand.email}.`,
  });

  return {
    kind: "seminar-cancelled",
    to: attendee.email,
    subject: `Cancelled: ${seminar.title} on ${date}`,
    text,
    html,
    dedupeKey: `seminar-cancelled:${attendee.bookingId}`,
  };
}
