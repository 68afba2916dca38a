import type { ActivityEntry } from "~/features/activity/service.server.ts";
import { formatRand } from "~/lib/format.ts";
import { bookingReference } from "~/lib/ids.ts";

// What staff read in the activity log of a customer's changes through their manage link
// (docs/decisions/013, 026): bookings by reference, never a name.

export function namesChangedEntry(bookingId: string, seminar: { title: string }, changed: number): ActivityEntry {
  return {
    action: "seminar_booking.rename",
    entityType: "seminar_booking",
    entityId: bookingId,
    summary: `The customer changed ${changed === 1 ? "the name on 1 ticket" : `the names on ${changed} tickets`} of booking ${bookingReference(bookingId)} of "${seminar.title}" online`,
    changes: { namesOnTickets: { changed: true } },
  };
}

export function seatCancelledEntry(bookingId: string, seminar: { title: string }, { seatNumber, seatsLeft, refundCents, emailed }: { seatNumber: number; seatsLeft: number; refundCents: number; emailed: boolean }): ActivityEntry {
  const money = refundCents > 0 ? `; ${formatRand(refundCents)} to refund` : "; nothing was paid for it";
  return {
    action: "seminar_booking.cancel_seat",
    entityType: "seminar_booking",
    entityId: bookingId,
    summary: `The customer cancelled seat ${seatNumber} of booking ${bookingReference(bookingId)} of "${seminar.title}" online (${seatsLeft} ${seatsLeft === 1 ? "seat" : "seats"} left)${money}${emailed ? "" : "; the e-mail could not be queued"}`,
    changes: { seats: { before: seatsLeft + 1, after: seatsLeft } },
  };
}

export function bookingCancelledOnlineEntry(booking: { id: string; isPaid: boolean; refundDue: boolean }, seminar: { title: string }, { emailed }: { emailed: boolean }): ActivityEntry {
  const money = !booking.isPaid ? "nothing was paid" : booking.refundDue ? "refund due" : "nothing left to refund";
  return {
    action: "seminar_booking.cancel",
    entityType: "seminar_booking",
    entityId: booking.id,
    summary: `The customer cancelled booking ${bookingReference(booking.id)} of "${seminar.title}" online; ${money}${emailed ? "" : "; the e-mail could not be queued"}`,
  };
}
