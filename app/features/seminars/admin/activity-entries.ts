import { changesBetween } from "~/features/activity/rules.ts";
import type { ActivityEntry } from "~/features/activity/service.server.ts";
import { formatRand } from "~/lib/format.ts";
import { bookingReference } from "~/lib/ids.ts";
import type { SeminarInput } from "./schema.ts";

// What the activity log says of the admin seminar screens' writes (docs/decisions/013-activity-log.md):
// a seminar by its title, a booking by its reference (never the attendee's name), and an
// edit as the before → after of every field, none of which is personal.

/** A seminar's fields in the words of its form, so a change reads "Price: "R1200.00" → "R1500.00"". */
export function seminarLogFields(seminar: SeminarInput) {
  return {
    title: seminar.title,
    organizer: seminar.organizerName,
    description: seminar.description,
    city: seminar.city,
    venue: seminar.venueName,
    address: seminar.address,
    location: seminar.location,
    date: seminar.seminarDate,
    // The column reads "18:00:00", the form "18:00".
    time: seminar.seminarTime.slice(0, 5),
    price: formatRand(seminar.priceCents),
    maxAttendees: seminar.maxAttendees,
    active: seminar.isActive,
  };
}

type Seminar = SeminarInput & { id: string };

export function seminarCreatedEntry(seminar: Seminar): ActivityEntry {
  return { action: "seminar.create", entityType: "seminar", entityId: seminar.id, summary: `Created the seminar "${seminar.title}"` };
}

export function seminarEditedEntry(before: Seminar, after: Seminar): ActivityEntry {
  const now = seminarLogFields(after);
  const changes = changesBetween(seminarLogFields(before), now, { fields: Object.keys(now) as Array<keyof typeof now> });
  const summary = changes ? `Edited the seminar "${after.title}"` : `Saved the seminar "${after.title}" without changes`;
  return { action: "seminar.update", entityType: "seminar", entityId: after.id, summary, changes };
}

/** Only a seminar without any booking is deleted; one with bookings is cancelled instead (seminarCancelledEntry). */
export function seminarDeletedEntry(seminar: Pick<Seminar, "id" | "title">): ActivityEntry {
  return { action: "seminar.delete", entityType: "seminar", entityId: seminar.id, summary: `Deleted the seminar "${seminar.title}"; it had no bookings` };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Cancelling a seminar (docs/decisions/015): how many bookings were cancelled, e-mailed and owe a
 * refund. The reason stays on the seminar, not in the log: it is free text, and the log never
 * holds what could name a person (docs/decisions/013-activity-log.md).
 */
export function seminarCancelledEntry(
  seminar: Pick<Seminar, "id" | "title">,
  { cancelled, emailed, refundsDue }: { cancelled: number; emailed: number; refundsDue: number },
): ActivityEntry {
  const told = cancelled === 0 ? "it had no live bookings" : `${plural(cancelled, "live booking was", "live bookings were")} cancelled and ${emailed === cancelled ? (cancelled === 1 ? "its attendee" : "all their attendees") : `${emailed} of ${cancelled} attendees`} e-mailed`;
  const refunds = refundsDue === 0 ? "no refunds due" : `${plural(refundsDue, "refund", "refunds")} due`;
  return {
    action: "seminar.cancel",
    entityType: "seminar",
    entityId: seminar.id,
    summary: `Cancelled the seminar "${seminar.title}"; ${told}; ${refunds}`,
    changes: { status: { before: "Scheduled", after: "Cancelled" } },
  };
}

/** Made inactive while it had live bookings, and staff chose to keep them (the seminar is only hidden from the site). */
export function seminarHiddenEntry(seminar: Pick<Seminar, "id" | "title">, liveBookings: number): ActivityEntry {
  return {
    action: "seminar.hide",
    entityType: "seminar",
    entityId: seminar.id,
    summary: `Hid the seminar "${seminar.title}" from the site and kept its ${plural(liveBookings, "live booking", "live bookings")}`,
  };
}

/** One booking cancelled in Manage Attendees: by reference, with what happens to its money; the reason stays on the booking. */
export function bookingCancelledEntry(booking: { id: string; isPaid: boolean; refundDue: boolean }, seminar: { title: string }, { emailed }: { emailed: boolean }): ActivityEntry {
  const money = !booking.isPaid ? "nothing was paid" : booking.refundDue ? "refund due" : "no refund (waived)";
  return {
    action: "seminar_booking.cancel",
    entityType: "seminar_booking",
    entityId: booking.id,
    summary: `Cancelled booking ${bookingReference(booking.id)} of "${seminar.title}"; ${money}${emailed ? "" : "; the e-mail could not be queued"}`,
  };
}

const bookingSummaries = {
  add: (reference: string, title: string) => `Added booking ${reference} to "${title}"`,
  remind: (reference: string, title: string) => `Queued a reminder e-mail for booking ${reference} of "${title}"`,
} as const;

/** Manage Attendees: adding or reminding one booking of a seminar. */
export function attendeeEntry(verb: keyof typeof bookingSummaries, bookingId: string, seminar: { title: string }): ActivityEntry {
  return {
    action: `seminar_booking.${verb}`,
    entityType: "seminar_booking",
    entityId: bookingId,
    summary: bookingSummaries[verb](bookingReference(bookingId), seminar.title),
  };
}
