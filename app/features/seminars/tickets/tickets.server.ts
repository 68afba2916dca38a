import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { seminarBookings, seminars, seminarTickets } from "#db/schema/index.ts";
import { bookingReference } from "~/lib/ids.ts";
import type { LinkSigner } from "~/lib/signed-links.server.ts";
import { queueBookingConfirmedEmail } from "../emails/queue.server.ts";
import { ticketUrl } from "./rules.ts";

// One ticket per confirmed seat (docs/decisions/024): issued in the confirmation's transaction,
// never deleted; the code is the ticket page's address and the QR code's content.

export type SeminarTicket = typeof seminarTickets.$inferSelect;

/** 144 random bits, base64url: 24 characters nobody can guess or count through. */
export function newTicketCode(): string {
  return randomBytes(18).toString("base64url");
}

type ConfirmedBooking = { id: string; seminarId: string; seats: number; attendeeNames: string[]; firstName: string; lastName: string };

/**
 * The booking's tickets, one per seat, issued now if they are not yet (in the caller's
 * transaction, which holds the booking's lock): a replayed confirmation issues nothing new.
 * A booking from before 0006 has no names on record: its seats carry the booker's name.
 */
export async function issueTickets(tx: Db, booking: ConfirmedBooking): Promise<SeminarTicket[]> {
  const booker = `${booking.firstName} ${booking.lastName}`.trim();
  const wanted = Array.from({ length: booking.seats }, (_, index) => ({
    bookingId: booking.id,
    seminarId: booking.seminarId,
    seatNumber: index + 1,
    attendeeName: booking.attendeeNames[index] || booker,
    code: newTicketCode(),
  }));
  await tx.insert(seminarTickets).values(wanted).onConflictDoNothing({ target: [seminarTickets.bookingId, seminarTickets.seatNumber] });
  return ticketsOfBooking(tx, booking.id);
}

export async function ticketsOfBooking(db: Db, bookingId: string): Promise<SeminarTicket[]> {
  return db.select().from(seminarTickets).where(eq(seminarTickets.bookingId, bookingId)).orderBy(asc(seminarTickets.seatNumber));
}

/** The booking's tickets still standing (a seat cancelled on its own is not), in seat order. */
export async function liveTicketsOfBooking(db: Db, bookingId: string): Promise<SeminarTicket[]> {
  return db
    .select()
    .from(seminarTickets)
    .where(and(eq(seminarTickets.bookingId, bookingId), isNull(seminarTickets.cancelledAt)))
    .orderBy(asc(seminarTickets.seatNumber));
}

/** The QR code library, loaded at the first ticket drawn: no public page draws one. */
async function qrCodes() {
  return (await import("qrcode")).default;
}

/** The QR code of a ticket's page as a PNG (base64), made here: nothing is fetched from another host. */
export async function ticketQrPngBase64(siteUrl: string, code: string): Promise<string> {
  const QRCode = await qrCodes();
  const png = await QRCode.toBuffer(ticketUrl(siteUrl, code), { type: "png", errorCorrectionLevel: "M", margin: 2, width: 240 });
  return png.toString("base64");
}

/** The QR code of a ticket's page as an SVG document, for the page itself. */
export async function ticketQrSvg(siteUrl: string, code: string): Promise<string> {
  const QRCode = await qrCodes();
  return QRCode.toString(ticketUrl(siteUrl, code), { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}

/** What the ticket page shows; `cancelled` tickets show no QR code. */
export type TicketPage = {
  code: string;
  seatNumber: number;
  seats: number;
  attendeeName: string;
  reference: string;
  bookingId: string;
  cancelled: boolean;
  booker: { firstName: string; lastName: string; email: string };
  seminar: { id: string; title: string; seminarDate: string; seminarTime: string; venueName: string; address: string; city: string };
};

/** A ticket by its code, with its booking's state and its seminar; undefined when no ticket has that code. */
export async function findTicketPage(db: Db, code: string): Promise<TicketPage | undefined> {
  const [row] = await db
    .select({
      ticket: seminarTickets,
      booking: seminarBookings,
      seminar: seminars,
      // Seats are numbered as booked: a seat cancelled on its own keeps the others' numbers ("Seat 3 of 3").
      issued: sql<number>`(select count(*)::int from ${seminarTickets} as issued where issued.booking_id = ${seminarTickets.bookingId})`,
    })
    .from(seminarTickets)
    .innerJoin(seminarBookings, eq(seminarBookings.id, seminarTickets.bookingId))
    .innerJoin(seminars, eq(seminars.id, seminarTickets.seminarId))
    .where(eq(seminarTickets.code, code));
  if (!row) return undefined;
  const { ticket, booking, seminar, issued } = row;
  const { id, title, seminarDate, seminarTime, venueName, address, city } = seminar;
  return {
    code: ticket.code,
    seatNumber: ticket.seatNumber,
    seats: Math.max(booking.seats, Number(issued)),
    attendeeName: ticket.attendeeName,
    reference: bookingReference(booking.id),
    bookingId: booking.id,
    // Only a confirmed booking's seat is a seat; a cancelled seminar cancels it too.
    cancelled: booking.status !== "confirmed" || seminar.cancelledAt !== null || ticket.cancelledAt !== null,
    booker: { firstName: booking.firstName, lastName: booking.lastName, email: booking.email },
    seminar: { id, title, seminarDate, seminarTime, venueName, address, city },
  };
}

/**
 * Where a booking becomes a confirmed seat for the customer (paid online, or booked by staff):
 * in the caller's transaction, its tickets are issued (once) and the confirmation e-mail is
 * queued (once, by its dedupe key) with each ticket's QR code inline.
 */
export async function issueTicketsAndConfirm(
  tx: Db,
  booking: ConfirmedBooking & { email: string; amountCents: number },
  seminar: Parameters<typeof queueBookingConfirmedEmail>[2],
  siteUrl: string,
  { addedByStaff = false, links }: { addedByStaff?: boolean; links?: LinkSigner } = {},
): Promise<SeminarTicket[]> {
  const tickets = await issueTickets(tx, booking);
  const withQr = await Promise.all(
    tickets.map(async (ticket) => ({ code: ticket.code, seatNumber: ticket.seatNumber, attendeeName: ticket.attendeeName, qrPngBase64: await ticketQrPngBase64(siteUrl, ticket.code) })),
  );
  await queueBookingConfirmedEmail(tx, booking, seminar, siteUrl, { addedByStaff, tickets: withQr, links });
  return tickets;
}
