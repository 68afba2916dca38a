import { brand, seminarFacts } from "~/content/site.ts";
import { formatRand, formatTime } from "~/lib/format.ts";
import { seminarInvitation } from "../../mail/ics.ts";
import type { OutboxEmailInput } from "../../mail/types.ts";
import { renderEmail } from "../../mail/templates/layout.ts";
import { bookingReference } from "~/lib/ids.ts";
import {
  seminarDateLabel,
  seminarTimeLabel,
  seminarVenueLabel,
  siteLink,
  whatToBring,
  type EmailSeminar,
} from "./facts.ts";

export type SeminarBookingConfirmed = {
  bookingId: string;
  firstName: string;
  lastName: string;
  email: string;
  amountCents: number;
  seminar: EmailSeminar;
  siteUrl: string;
  /** The invitation's DTSTAMP; now unless a test pins it. */
  now?: Date;
  /** Booked by staff in Manage Attendees and not paid yet: the fee is still to be settled with the team. */
  addedByStaff?: boolean;
};

const calendarDomain = brand.email.split("@")[1] ?? "thularelocations.co.uk";

/** The confirmation a visitor gets once their seat is paid for (or staff book them a seat), with a calendar invitation. */
export function seminarBookingConfirmedEmail(booking: SeminarBookingConfirmed): OutboxEmailInput {
  const { seminar } = booking;
  const date = seminarDateLabel(seminar);
  const time = seminarTimeLabel(seminar);
  const venue = seminarVenueLabel(seminar);
  const reference = bookingReference(booking.bookingId);
  const eventsUrl = siteLink(booking.siteUrl, "/events");

  const calendar = seminarInvitation({
    uid: `seminar-booking-${booking.bookingId}@${calendarDomain}`,
    title: seminar.title,
    description: `Your seat at the ${brand.name} seminar "${seminar.title}". Booking reference ${reference}. Questions? ${brand.email}`,
    seminarDate: seminar.seminarDate,
    seminarTime: seminar.seminarTime,
    durationMinutes: seminarFacts.durationMinutes,
    venueName: seminar.venueName,
    address: seminar.address,
    city: seminar.city,
    organizerEmail: brand.email,
    organizerName: brand.name,
    attendeeEmail: booking.email,
    attendeeName: `${booking.firstName} ${booking.lastName}`.trim(),
    url: eventsUrl,
    createdAt: booking.now,
  });

  const { html, text } = renderEmail({
    preheader: `Your seat is confirmed for ${date} at ${formatTime(seminar.seminarTime)} in ${seminar.city}. Reference ${reference}.`,
    heading: `You're booked, ${booking.firstName}!`,
    paragraphs: [
      booking.addedByStaff
        ? `Our team has booked you a seat at ${seminar.title}, and your seat is confirmed. The seminar fee of ${formatRand(booking.amountCents)} is still to be paid: we'll be in touch about how to pay it.`
        : `Thank you for booking your seat at ${seminar.title}. We've received your payment of ${formatRand(booking.amountCents)} and your seat is confirmed.`,
      "Here are the details. We've attached a calendar invitation so the seminar is in your diary.",
    ],
    details: [
      ["Seminar", seminar.title],
      ["Date", date],
      ["Time", time],
      ["Duration", seminarFacts.durationLabel],
      ["Venue", venue],
      booking.addedByStaff ? ["Fee to pay", formatRand(booking.amountCents)] : ["Amount paid", formatRand(booking.amountCents)],
      ["Booking reference", reference],
    ],
    sections: [
      whatToBring(reference),
      {
        heading: "What happens next",
        items: [
          "Please arrive about 15 minutes early so we can start on time.",
          "After the seminar you can book a one-to-one consultation to plan your own move with us.",
          `Can't make it after all? Reply to this e-mail or call us and we'll help you find another date.`,
        ],
      },
    ],
    cta: { label: "See all upcoming seminars", url: eventsUrl },
    footerNote: `You're receiving this e-mail because you booked a seat at a ${brand.name} seminar.`,
  });

  return {
    kind: "seminar-booking-confirmed",
    to: booking.email,
    subject: `You're booked: ${seminar.title} on ${date}`,
    text,
    html,
    attachments: [
      {
        filename: "thula-seminar.ics",
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        contentBase64: Buffer.from(calendar, "utf8").toString("base64"),
      },
    ],
    dedupeKey: `seminar-booking-confirmed:${booking.bookingId}`,
  };
}

