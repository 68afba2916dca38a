import { venueWithAddress } from "~/lib/address.ts";
import { formatLongDate, formatTime } from "~/lib/format.ts";
import type { EmailSection } from "../../mail/templates/layout.ts";

/** The seminar as the seminar e-mails describe it. */
export type EmailSeminar = {
  id: string;
  title: string;
  /** "YYYY-MM-DD" */
  seminarDate: string;
  /** "HH:MM" or "HH:MM:SS", South African time. */
  seminarTime: string;
  venueName: string;
  address: string;
  city: string;
};

/** An attendee with a seat, as the e-mails about that seat (reminder, cancellation) address them. */
export type SeminarAttendee = {
  bookingId: string;
  firstName: string;
  email: string;
  /** Whether the attendee paid for the seat, and how much: a paid seat is refunded. */
  isPaid: boolean;
  amountCents: number;
  /** What goes back when the seat is cancelled (paid less any refund already made); the amount paid when not given. */
  refundCents?: number;
  seminar: EmailSeminar;
  siteUrl: string;
  /** The booking's signed "manage my booking" page (docs/decisions/026), when the sender could sign it. */
  manageUrl?: string;
};

export function seminarDateLabel(seminar: EmailSeminar): string {
  return formatLongDate(seminar.seminarDate) ?? seminar.seminarDate;
}

export function seminarTimeLabel(seminar: EmailSeminar): string {
  return `${formatTime(seminar.seminarTime)} (South African time)`;
}

export function seminarVenueLabel(seminar: EmailSeminar): string {
  return venueWithAddress(seminar.venueName, seminar.address, seminar.city);
}

/** The rows that say which seminar an e-mail is about: title, date, time and venue. */
export function seminarDetailRows(seminar: EmailSeminar): Array<[string, string]> {
  return [
    ["Seminar", seminar.title],
    ["Date", seminarDateLabel(seminar)],
    ["Time", seminarTimeLabel(seminar)],
    ["Venue", seminarVenueLabel(seminar)],
  ];
}

/** A booking e-mail's button: the booking's manage page when there is one, else `fallback`. */
export function manageOr(manageUrl: string | undefined, fallback: { label: string; url: string }): { label: string; url: string } {
  return manageUrl ? { label: "Manage your booking", url: manageUrl } : fallback;
}

export function siteLink(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${path}`;
}

/** What to bring on the day, as the confirmation and the reminder list it. */
export function whatToBring(reference: string): EmailSection {
  return {
    heading: "What to bring",
    items: [
      `This e-mail or your booking reference, ${reference}, so we can check you in.`,
      "Your questions: about work, housing, schools, money or the move itself. Nothing is too small to ask.",
      "Something to take notes with. There is a lot to plan, and we'll share plenty of practical detail.",
    ],
  };
}
