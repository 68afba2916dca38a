import type { Db } from "#db/client.ts";
import { findSeminarBookingsOfContact, type ContactSeminarBookingRow } from "./admin/queries.server.ts";
import { bookingState, type BookingState } from "./admin/rules.ts";

// The seminars feature's public service: everything another feature (or the composition
// root) may ask of seminars. Its sub-folders are its own business: events/ (the public
// listing), booking/ (a visitor's booking and payment), seats/ (capacity and holds),
// admin/ (the portal's screens), emails/ (what attendees are sent).

export { nextSeminarForCards } from "./events/listing.server.ts";
export { seminarPaidItem } from "./booking/checkout.server.ts";
export { seatsSoldByMonth } from "./admin/sales.server.ts";
// The dashboard's door figure: today's (or the latest) seminar, checked in against seats (docs/decisions/025).
export { latestDoorAttendance, type DoorAttendance } from "./checkin/checkin.server.ts";

export type ContactSeminarBooking = ContactSeminarBookingRow & { state: BookingState };

/** A contact's seminar bookings with their seminar and state, newest first (the Users screen). */
export async function seminarBookingsOfContact(db: Db, userId: string, now = new Date()): Promise<ContactSeminarBooking[]> {
  const rows = await findSeminarBookingsOfContact(db, userId);
  return rows.map((row) => ({ ...row, state: bookingState(row, now) }));
}

// For the Users screen (features/people) when a contact asks to be forgotten (docs/decisions/016):
// the seats they still hold at seminars to come, and erasing their details from their bookings.
export { anonymiseSeminarBookingsOfContact, upcomingSeatsOfContact, type ErasedIdentity } from "./admin/contact-erasure.server.ts";

// The waitlist's sweep (server/jobs.ts): offers freed seats to the next in line, lapses unclaimed offers (docs/decisions/027).
export { serveAllWaitlists, serveWaitlistNow } from "./waitlist/offers.server.ts";
export { waitlistRuntime } from "./waitlist/runtime.server.ts";
