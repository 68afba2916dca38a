import type { ActivityEntry } from "~/features/activity/service.server.ts";
import { formatRand } from "~/lib/format.ts";
import { bookingReference } from "~/lib/ids.ts";

// What the activity log says of a seminar booking's life outside the portal (docs/decisions/013,
// 015): a visitor holding a seat, the payment arriving, a hold released. A booking by its
// reference, never the attendee's name. Staff's own writes are in admin/activity-entries.ts.

type Seminar = { title: string };

/** A visitor held a seat on the booking page (it is theirs for 30 minutes while they pay). */
export function seatHeldEntry(bookingId: string, seminar: Seminar, seats = 1): ActivityEntry {
  return {
    action: "seminar_booking.hold",
    entityType: "seminar_booking",
    entityId: bookingId,
    summary: `Booking ${bookingReference(bookingId)} held ${seats === 1 ? "a seat" : `${seats} seats`} at "${seminar.title}" while the visitor pays`,
  };
}

/** The payment arrived and the seat is confirmed. */
export function bookingPaidEntry(booking: { id: string; amountCents: number }, seminar: Seminar): ActivityEntry {
  return {
    action: "seminar_booking.paid-online",
    entityType: "seminar_booking",
    entityId: booking.id,
    summary: `Booking ${bookingReference(booking.id)} of "${seminar.title}" was paid online (${formatRand(booking.amountCents)}): seat confirmed`,
  };
}

/** An unpaid hold gave its seat back: it lapsed, its checkout expired, or the visitor left the checkout. */
export function holdReleasedEntry(bookingId: string, seminar: Seminar, reason: string): ActivityEntry {
  return {
    action: "seminar_booking.hold-released",
    entityType: "seminar_booking",
    entityId: bookingId,
    summary: `Booking ${bookingReference(bookingId)} of "${seminar.title}" gave its seat back: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`,
  };
}

/** A payment that arrived for a booking with no seat to give (cancelled first, or its lapsed seat sold): refund due. */
export function paidWithoutSeatEntry(booking: { id: string; amountCents: number }, seminar: Seminar, reason: "cancelled" | "seat-gone"): ActivityEntry {
  const why = reason === "cancelled" ? "after it was cancelled" : "after its hold lapsed and the seminar filled";
  return {
    action: "seminar_booking.paid-without-seat",
    entityType: "seminar_booking",
    entityId: booking.id,
    summary: `A payment of ${formatRand(booking.amountCents)} arrived for booking ${bookingReference(booking.id)} of "${seminar.title}" ${why}; refund due, the payer was e-mailed`,
  };
}
