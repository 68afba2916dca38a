import { brand, seminarFacts } from "~/content/site.ts";
import { formatRand, formatTime } from "~/lib/format.ts";
import { seminarInvitation } from "../../mail/ics.ts";
import type { OutboxEmailInput } from "../../mail/types.ts";
import { renderEmail, type EmailTicket } from "../../mail/templates/layout.ts";
import { seatLabel, ticketUrl } from "../tickets/rules.ts";
import { bookingReference } from "~/lib/ids.ts";
import {
  manageOr,
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
  /** One per seat, each with its QR code (a PNG made on the server, base64), shown inline. */
  tickets?: ConfirmedTicket[];
  /** The booking's signed manage page (docs/decisions/026): names, tickets, cancelling. */
  manageUrl?: string;
};

export type ConfirmedTicket = { code: string; seatNumber: number; attendeeName: string; qrPngBase64: string };

/** The content id of a ticket's QR image: the HTML shows it as `cid:…`, the attachment carries it. */
const qrCid = (ticket: ConfirmedTicket) => `ticket-${ticket.seatNumber}-qr@thula`;

const calendarDomain = brand.email.split("@")[1] ?? "thularelocations.co.uk";

/** The confirmation a visitor gets once their seat is paid for (or staff book them a seat), with a calendar invitation. */
/** The booking's calendar file: the e-mail attaches it and each ticket page links to it. */
export function seminarBookingInvitation(booking: Pick<SeminarBookingConfirmed, "bookingId" | "firstName" | "lastName" | "email" | "seminar" | "siteUrl" | "now">): string {
  const { seminar } = booking;
  const reference = bookingReference(booking.bookingId);
  const eventsUrl = siteLink(booking.siteUrl, "/events");
  return seminarInvitation({
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
}

export function seminarBookingConfirmedEmail(booking: SeminarBookingConfirmed): OutboxEmailInput {
  const { seminar } = booking;
  const date = seminarDateLabel(seminar);
  const time = seminarTimeLabel(seminar);
  const venue = seminarVenueLabel(seminar);
  const reference = bookingReference(booking.bookingId);
  const eventsUrl = siteLink(booking.siteUrl, "/events");
  const calendar = seminarBookingInvitation(booking);
  const tickets = booking.tickets ?? [];
  const seats = Math.max(1, tickets.length);
  const seatWords = seats === 1 ? "your seat" : `your ${seats} seats`;
  const emailTickets = tickets.map(
    (ticket): EmailTicket => ({
      heading: `${ticket.attendeeName}: ${seatLabel(ticket.seatNumber, seats)}`,
      imageCid: qrCid(ticket),
      imageAlt: `QR code of ${ticket.attendeeName}'s ticket (${seatLabel(ticket.seatNumber, seats).toLowerCase()})`,
      link: { label: "Open this ticket", url: ticketUrl(booking.siteUrl, ticket.code) },
    }),
  );

  const { html, text } = renderEmail({
    preheader: `Your seat is confirmed for ${date} at ${formatTime(seminar.seminarTime)} in ${seminar.city}. Reference ${reference}.`,
    heading: `You're booked, ${booking.firstName}!`,
    paragraphs: [
      booking.addedByStaff
        ? `Our team has booked you a seat at ${seminar.title}, and your seat is confirmed. The seminar fee of ${formatRand(booking.amountCents)} is still to be paid: we'll be in touch about how to pay it.`
        : `Thank you for booking ${seatWords} at ${seminar.title}. We've received your payment of ${formatRand(booking.amountCents)} and ${seats === 1 ? "your seat is" : "your seats are"} confirmed.`,
      "Here are the details. We've attached a calendar invitation so the seminar is in your diary.",
      ...(tickets.length > 0 ? [`Each seat has its own ticket below: show its QR code at the door, on a phone or printed.`] : []),
    ],
    details: [
      ["Seminar", seminar.title],
      ["Date", date],
      ["Time", time],
      ["Duration", seminarFacts.durationLabel],
      ["Venue", venue],
      ...(seats > 1 ? ([["Seats", String(seats)]] as Array<[string, string]>) : []),
      booking.addedByStaff ? ["Fee to pay", formatRand(booking.amountCents)] : ["Amount paid", formatRand(booking.amountCents)],
      ["Booking reference", reference],
    ],
    tickets: emailTickets,
    sections: [
      whatToBring(reference),
      {
        heading: "What happens next",
        items: [
          "Please arrive about 15 minutes early so we can start on time.",
          "After the seminar you can book a one-to-one consultation to plan your own move with us.",
          booking.manageUrl
            ? `Can't make it after all, or a name needs changing? Use "Manage your booking" below, or reply to this e-mail and we'll help.`
            : `Can't make it after all? Reply to this e-mail or call us and we'll help you find another date.`,
        ],
      },
    ],
    cta: manageOr(booking.manageUrl, { label: "See all upcoming seminars", url: eventsUrl }),
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
      ...tickets.map((ticket) => ({ filename: `ticket-${ticket.seatNumber}.png`, contentType: "image/png", contentBase64: ticket.qrPngBase64, cid: qrCid(ticket) })),
    ],
    dedupeKey: `seminar-booking-confirmed:${booking.bookingId}`,
  };
}

