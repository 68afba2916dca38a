import { formatLongDate, formatTime } from "~/lib/format.ts";

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

export function seminarDateLabel(seminar: EmailSeminar): string {
  return formatLongDate(seminar.seminarDate) ?? seminar.seminarDate;
}

export function seminarTimeLabel(seminar: EmailSeminar): string {
  return `${formatTime(seminar.seminarTime)} (South African time)`;
}

export function seminarVenueLabel(seminar: EmailSeminar): string {
  return [seminar.venueName, seminar.address, seminar.city].map((part) => part.trim()).filter(Boolean).join(", ");
}

/** "3f2a9c1e-…" → "3F2A9C1E": short enough to read out on the phone. */
export function bookingReference(bookingId: string): string {
  return bookingId.slice(0, 8).toUpperCase();
}

export function siteLink(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${path}`;
}
