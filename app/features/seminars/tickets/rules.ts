import { mapSearchLink, venueWithAddress } from "~/lib/address.ts";
import { seminarFacts } from "~/content/site.ts";
import { SA_TIME_ZONE } from "~/lib/format.ts";
import { zonedWallTimeToUtc } from "../../mail/zoned-time.ts";

// What a ticket says and links to, pure and browser-safe (docs/decisions/024).

/** The ticket page's path on the site. */
export function ticketPath(code: string): string {
  return `/tickets/${encodeURIComponent(code)}`;
}

/** The ticket page's absolute address: what the QR code encodes and check-in will scan. */
export function ticketUrl(siteUrl: string, code: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${ticketPath(code)}`;
}

/** Each standing ticket's page, as a reminder links them ("Ticket for Thandi Nkosi"). */
export function reminderTicketLinks(tickets: ReadonlyArray<{ code: string; attendeeName: string }>, siteUrl: string): Array<{ label: string; url: string }> {
  return tickets.map((ticket) => ({ label: `Ticket for ${ticket.attendeeName}`, url: ticketUrl(siteUrl, ticket.code) }));
}

/** "Seat 2 of 3". */
export function seatLabel(seatNumber: number, seats: number): string {
  return `Seat ${seatNumber} of ${seats}`;
}

export type CalendarSeminar = { title: string; seminarDate: string; seminarTime: string; venueName: string; address: string; city: string };

/** The seminar's start and end as UTC instants (the date and time are South African wall-clock). */
export function seminarTimes(seminar: Pick<CalendarSeminar, "seminarDate" | "seminarTime">): { start: Date; end: Date } {
  const start = zonedWallTimeToUtc(seminar.seminarDate, seminar.seminarTime, SA_TIME_ZONE);
  return { start, end: new Date(start.getTime() + seminarFacts.durationMinutes * 60_000) };
}

/** "20261205T160000Z": the form Google Calendar takes its dates in. */
function calendarInstant(instant: Date): string {
  return instant.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}Z$/, "Z");
}

/** The venue as one line: venue, address, city, the city said once (the one rule: lib/address.ts). */
export function venueLine(seminar: Pick<CalendarSeminar, "venueName" | "address" | "city">): string {
  return venueWithAddress(seminar.venueName, seminar.address, seminar.city);
}

/** A map search for the venue (the visitor's own map app opens it). */
export function mapLink(seminar: Pick<CalendarSeminar, "venueName" | "address" | "city">): string {
  return mapSearchLink(venueLine(seminar));
}

/** 'Add to Google Calendar': the seminar as a new event, times in UTC. */
export function googleCalendarLink(seminar: CalendarSeminar, details: string): string {
  const { start, end } = seminarTimes(seminar);
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: seminar.title,
    dates: `${calendarInstant(start)}/${calendarInstant(end)}`,
    details,
    location: venueLine(seminar),
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** A ticket code as issued (base64url, 24 characters; longer ones allowed): anything else is not looked up. */
export function isTicketCode(code: string): boolean {
  return /^[A-Za-z0-9_-]{22,64}$/.test(code);
}
