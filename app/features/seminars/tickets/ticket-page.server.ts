import type { Db } from "#db/client.ts";
import { brand } from "~/content/site.ts";
import { seminarBookingInvitation } from "../emails/booking-confirmed.ts";
import { googleCalendarLink, isTicketCode, mapLink, ticketPath, ticketUrl } from "./rules.ts";
import { findTicketPage, ticketQrSvg, type TicketPage } from "./tickets.server.ts";

/** What /tickets/:code shows: the ticket without the booker's contact details, its QR code (none once cancelled) and its links. */
export type TicketView = Omit<TicketPage, "booker" | "bookingId"> & {
  qrSvg: string | null;
  mapUrl: string;
  calendarPath: string;
  googleCalendarUrl: string;
};

/** The ticket page's content; undefined for a code that is not a ticket's. */
export async function ticketView(db: Db, code: string, siteUrl: string): Promise<TicketView | undefined> {
  if (!isTicketCode(code)) return undefined;
  const page = await findTicketPage(db, code);
  if (!page) return undefined;
  const { booker: _booker, bookingId: _bookingId, ...shown } = page;
  return {
    ...shown,
    qrSvg: page.cancelled ? null : await ticketQrSvg(siteUrl, page.code),
    mapUrl: mapLink(page.seminar),
    calendarPath: `${ticketPath(page.code)}/calendar.ics`,
    googleCalendarUrl: googleCalendarLink(
      page.seminar,
      `${page.attendeeName}'s ticket for the ${brand.name} seminar (booking reference ${page.reference}): ${ticketUrl(siteUrl, page.code)}`,
    ),
  };
}

/** The booking's calendar file, from one of its tickets; undefined for an unknown code or a cancelled booking. */
export async function ticketCalendar(db: Db, code: string, siteUrl: string): Promise<string | undefined> {
  if (!isTicketCode(code)) return undefined;
  const page = await findTicketPage(db, code);
  if (!page || page.cancelled) return undefined;
  return seminarBookingInvitation({ bookingId: page.bookingId, ...page.booker, seminar: page.seminar, siteUrl });
}
