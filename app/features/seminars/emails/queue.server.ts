import type { Db } from "#db/client.ts";
import type { LinkSigner } from "~/lib/signed-links.server.ts";
import { queueEmail } from "~/features/mail/service.server.ts";
import { seminarBookingConfirmedEmail, type ConfirmedTicket } from "./booking-confirmed.ts";
import { seminarHoldExpiredEmail } from "./hold-expired.ts";
import { seminarPaidWithoutSeatEmail, type SeatlessPaymentReason } from "./paid-without-seat.ts";
import type { EmailSeminar, SeminarAttendee } from "./facts.ts";
import { manageBookingUrl } from "../manage/links.server.ts";

type SeminarFacts = EmailSeminar;

/** The seminar facts every seminar e-mail shows. */
export function emailSeminarOf(seminar: SeminarFacts): EmailSeminar {
  return emailSeminar(seminar);
}

function emailSeminar(seminar: SeminarFacts): EmailSeminar {
  const { id, title, seminarDate, seminarTime, venueName, address, city } = seminar;
  return { id, title, seminarDate, seminarTime, venueName, address, city };
}

/** A booking that holds a seat, as the e-mails about that seat (reminder, cancellation) take it; with `links`, its signed manage page. */
export function seminarAttendee(
  booking: { id: string; firstName: string; email: string; isPaid: boolean; amountCents: number },
  seminar: SeminarFacts,
  siteUrl: string,
  links?: LinkSigner,
): SeminarAttendee {
  const manageUrl = manageBookingUrl(siteUrl, links, booking.id);
  return {
    bookingId: booking.id,
    firstName: booking.firstName,
    email: booking.email,
    isPaid: booking.isPaid,
    amountCents: booking.amountCents,
    seminar: emailSeminar(seminar),
    siteUrl,
    ...(manageUrl && { manageUrl }),
  };
}

/** Queues "your reserved seat was released" for each lapsed hold, in the caller's transaction. */
export async function queueHoldExpiredEmails(
  tx: Db,
  seminar: SeminarFacts,
  holds: ReadonlyArray<{ id: string; firstName: string; email: string }>,
  siteUrl: string,
): Promise<void> {
  for (const hold of holds) {
    await queueEmail(
      tx,
      seminarHoldExpiredEmail({ bookingId: hold.id, firstName: hold.firstName, email: hold.email, seminar: emailSeminar(seminar), siteUrl }),
    );
  }
}

/** Queues the booking confirmation (with its calendar invitation), once per booking; `addedByStaff` for a seat staff booked, unpaid. */
export async function queueBookingConfirmedEmail(
  tx: Db,
  booking: { id: string; firstName: string; lastName: string; email: string; amountCents: number },
  seminar: SeminarFacts,
  siteUrl: string,
  { addedByStaff = false, tickets = [], links }: { addedByStaff?: boolean; tickets?: ConfirmedTicket[]; links?: LinkSigner } = {},
) {
  const manageUrl = manageBookingUrl(siteUrl, links, booking.id);
  return queueEmail(
    tx,
    seminarBookingConfirmedEmail({
      bookingId: booking.id,
      firstName: booking.firstName,
      lastName: booking.lastName,
      email: booking.email,
      amountCents: booking.amountCents,
      seminar: emailSeminar(seminar),
      siteUrl,
      addedByStaff,
      tickets,
      ...(manageUrl && { manageUrl }),
    }),
  );
}

/** Queues "we received your payment, but have no seat for you" (a full refund follows), once per booking. */
export async function queuePaidWithoutSeatEmail(
  tx: Db,
  booking: { id: string; firstName: string; email: string; amountCents: number },
  seminar: SeminarFacts,
  reason: SeatlessPaymentReason,
  siteUrl: string,
): Promise<void> {
  await queueEmail(
    tx,
    seminarPaidWithoutSeatEmail({ bookingId: booking.id, firstName: booking.firstName, email: booking.email, amountCents: booking.amountCents, reason, seminar: emailSeminar(seminar), siteUrl }),
  );
}
