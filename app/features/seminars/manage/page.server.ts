import type { Db } from "#db/client.ts";
import { netPaidCents } from "~/features/payments/booking-money.ts";
import { brand } from "~/content/site.ts";
import { formatLongDate, formatTime, SA_TIME_ZONE, saClockTime, todayIn } from "~/lib/format.ts";
import { bookingReference } from "~/lib/ids.ts";
import { mapLink, seatLabel, ticketPath, venueLine } from "../tickets/rules.ts";
import { ticketsOfBooking } from "../tickets/tickets.server.ts";
import { bookingOfToken, cancellationClosedMessage, type ManageSite } from "./manage.server.ts";
import { canCancelOnline, freeCancellationDeadline, hasStarted, seatRefundCents, seatsBooked } from "./policy.ts";
import type { ManagedBooking } from "./queries.server.ts";

// What /bookings/:token shows (docs/decisions/026): browser-safe plain data, every "may I"
// answered here from the same rules the actions enforce.

export type ManageTicket = { seatNumber: number; label: string; attendeeName: string; path: string; cancelled: boolean };

export type ManageBookingView = {
  reference: string;
  firstName: string;
  /** "upcoming" (it stands, the seminar ahead), "past" (it took place), "cancelled" (the booking or the seminar). */
  state: "upcoming" | "past" | "cancelled";
  statusLabel: string;
  seminar: { title: string; date: string; time: string; venue: string; mapUrl: string };
  seats: number;
  paidCents: number;
  refundedCents: number;
  isPaid: boolean;
  tickets: ManageTicket[];
  /** The names form: one per standing seat, and the version it was opened at; null when names can no longer change. */
  names: { version: number; values: string[] } | null;
  /** Cancelling online: what each choice refunds, and until when; or why it is closed. */
  cancel:
    | { open: true; until: string; seatRefundCents: number; bookingRefundCents: number; bySeat: boolean }
    | { open: false; reason: string };
};

function statusOf(booking: ManagedBooking, seminarCancelled: boolean, past: boolean): { state: ManageBookingView["state"]; label: string } {
  if (seminarCancelled) return { state: "cancelled", label: "Cancelled: the seminar was called off" };
  if (booking.status === "refunded") return { state: "cancelled", label: "Cancelled and refunded" };
  if (booking.status === "cancelled") return { state: "cancelled", label: "Cancelled" };
  if (past) return { state: "past", label: "This seminar has taken place" };
  if (booking.status === "pending") return { state: "upcoming", label: booking.isPaid ? "Payment received, being confirmed" : "Held, not paid yet" };
  return { state: "upcoming", label: booking.isPaid ? "Confirmed and paid" : "Confirmed, fee still to pay" };
}

/** The manage page for a token; throws BookingNotFoundError for one that opens nothing. */
export async function manageBookingView(db: Db, site: ManageSite, token: string): Promise<ManageBookingView> {
  const now = site.now ?? new Date();
  const { booking, seminar } = await bookingOfToken(db, site.links, token);
  const tickets = await ticketsOfBooking(db, booking.id);
  const past = hasStarted(seminar, now);
  const { state, label } = statusOf(booking, seminar.cancelledAt !== null, past);
  const bookingStands = state === "upcoming";
  const remainingCents = netPaidCents(booking);
  const deadline = freeCancellationDeadline(seminar, site.freeCancellationHours);

  let cancel: ManageBookingView["cancel"];
  if (!bookingStands) cancel = { open: false, reason: state === "past" ? "This seminar has taken place, so there is nothing to cancel." : "This booking is cancelled; there is nothing more to do." };
  else if (!canCancelOnline(seminar, site.freeCancellationHours, now)) cancel = { open: false, reason: cancellationClosedMessage(site.freeCancellationHours).replace("write to us", `write to ${brand.email}`) };
  else {
    const dateOfDeadline = formatLongDate(todayIn(SA_TIME_ZONE, deadline)) ?? "";
    cancel = {
      open: true,
      until: `${dateOfDeadline}, ${saClockTime(deadline) ?? ""} (South African time)`,
      seatRefundCents: seatRefundCents(booking, tickets.length),
      bookingRefundCents: remainingCents,
      bySeat: booking.status === "confirmed" && tickets.filter((ticket) => !ticket.cancelledAt).length > 1,
    };
  }

  const standing = tickets.filter((ticket) => !ticket.cancelledAt);
  const canRename = booking.status === "confirmed" && !seminar.cancelledAt && !past && standing.length === booking.seats;
  return {
    reference: bookingReference(booking.id),
    firstName: booking.firstName,
    state,
    statusLabel: label,
    seminar: {
      title: seminar.title,
      date: formatLongDate(seminar.seminarDate) ?? seminar.seminarDate,
      time: `${formatTime(seminar.seminarTime)} (South African time)`,
      venue: venueLine(seminar),
      mapUrl: mapLink(seminar),
    },
    seats: booking.seats,
    paidCents: booking.isPaid ? booking.amountCents : 0,
    refundedCents: booking.refundedCents,
    isPaid: booking.isPaid,
    tickets: tickets.map((ticket) => ({
      seatNumber: ticket.seatNumber,
      label: seatLabel(ticket.seatNumber, seatsBooked(booking, tickets.length)),
      attendeeName: ticket.attendeeName,
      path: ticketPath(ticket.code),
      cancelled: ticket.cancelledAt !== null || state === "cancelled",
    })),
    names: canRename ? { version: booking.version, values: standing.map((ticket, index) => booking.attendeeNames[index] ?? ticket.attendeeName) } : null,
    cancel,
  };
}
