import { brand, seminarFacts } from "~/content/site.ts";
import { addressWithCity } from "~/lib/address.ts";
import { formatRand, formatTime } from "~/lib/format.ts";
import type { OutboxEmailInput } from "../../mail/types.ts";
import { renderEmail } from "../../mail/templates/layout.ts";
import { bookingReference } from "~/lib/ids.ts";
import { mapSearchLink } from "~/lib/address.ts";
import { manageOr, seminarDateLabel, seminarTimeLabel, siteLink, whatToBring, type SeminarAttendee } from "./facts.ts";

export type ReminderOptions = {
  /** The automatic reminders' outbox key (one per booking per offset); none for 'Send Reminder', where each press queues one. */
  dedupeKey?: string;
  /** Each seat's ticket page, linked under the details (the QR code is on the page). */
  tickets?: Array<{ label: string; url: string }>;
};

/**
 * The reminder of a seat (`seminar-reminder`, docs/product.md §8.2): sent automatically
 * before the seminar (reminders.server.ts), or by 'Send Reminder' in Manage Attendees (§3.6).
 * The date, time, venue, address with a map link, parking, what to bring and the reference.
 */
export function seminarReminderEmail(attendee: SeminarAttendee, { dedupeKey, tickets = [] }: ReminderOptions = {}): OutboxEmailInput {
  const { seminar } = attendee;
  const date = seminarDateLabel(seminar);
  const time = formatTime(seminar.seminarTime);
  const reference = bookingReference(attendee.bookingId);
  // Addresses often end with their city already: it is not repeated.
  const address = addressWithCity(seminar.address, seminar.city);

  const { html, text } = renderEmail({
    preheader: `See you on ${date} at ${time} at ${seminar.venueName}, ${seminar.city}. Reference ${reference}.`,
    heading: `See you soon, ${attendee.firstName}!`,
    paragraphs: [
      `This is a friendly reminder that you have a seat at ${seminar.title}. We're looking forward to meeting you.`,
      attendee.isPaid
        ? "Your seat is paid for, so all you need to do is come along."
        : `Our records show that the seat fee of ${formatRand(attendee.amountCents)} is still outstanding. Reply to this e-mail and we'll help you settle it before the day.`,
    ],
    details: [
      ["Seminar", seminar.title],
      ["Date", date],
      ["Time", seminarTimeLabel(seminar)],
      ["Duration", seminarFacts.durationLabel],
      ["Venue", seminar.venueName],
      ["Address", address],
      ["Map", mapSearchLink(address)],
      ["Parking", seminarFacts.parkingNote],
      ["Booking reference", reference],
    ],
    links: tickets,
    sections: [
      whatToBring(reference),
      {
        heading: "On the day",
        items: [
          "Please arrive about 15 minutes early so we can start on time.",
          `Can't make it after all? Reply to this e-mail or write to ${brand.email} and we'll help you find another date.`,
        ],
      },
    ],
    cta: manageOr(attendee.manageUrl, { label: "See the seminar details", url: siteLink(attendee.siteUrl, `/events/book/${encodeURIComponent(seminar.id)}`) }),
    footerNote: `You're receiving this e-mail because you have a seat at a ${brand.name} seminar.`,
  });

  return {
    kind: "seminar-reminder",
    to: attendee.email,
    subject: `Reminder: ${seminar.title} on ${date} at ${time}`,
    text,
    html,
    ...(dedupeKey ? { dedupeKey } : {}),
  };
}
