import type { ActivityEntry } from "~/features/activity/service.server.ts";
import { bookingReference } from "~/lib/ids.ts";

// What the activity log says of the door (docs/decisions/013, 025): the booking by its
// reference and the seat by its number, never the attendee's name; the staff member is the entry's actor.

type Ticket = { bookingId: string; seatNumber: number; seminarTitle: string };

export function checkInEntry(ticket: Ticket): ActivityEntry {
  return {
    action: "seminar_booking.check-in",
    entityType: "seminar_booking",
    entityId: ticket.bookingId,
    summary: `Checked in seat ${ticket.seatNumber} of booking ${bookingReference(ticket.bookingId)} at the door of "${ticket.seminarTitle}"`,
  };
}

export function checkInUndoneEntry(ticket: Ticket): ActivityEntry {
  return {
    action: "seminar_booking.check-in-undone",
    entityType: "seminar_booking",
    entityId: ticket.bookingId,
    summary: `Undid the check-in of seat ${ticket.seatNumber} of booking ${bookingReference(ticket.bookingId)} at "${ticket.seminarTitle}"`,
  };
}
