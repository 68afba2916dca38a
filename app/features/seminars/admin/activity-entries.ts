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

/** `told`: the attendees holding a seat; `emailed`: the cancellations that could be queued. */
export function seminarDeletedEntry(seminar: Pick<Seminar, "id" | "title">, { told, emailed }: { told: number; emailed: number }): ActivityEntry {
  const attendees = (count: number) => `${count} ${count === 1 ? "attendee was" : "attendees were"}`;
  const outcome =
    told === 0
      ? "no attendees needed to be told"
      : emailed === told
        ? `${attendees(told)} e-mailed that it is cancelled`
        : `${emailed} of ${attendees(told)} e-mailed that it is cancelled`;
  return { action: "seminar.delete", entityType: "seminar", entityId: seminar.id, summary: `Deleted the seminar "${seminar.title}"; ${outcome}` };
}

const bookingSummaries = {
  add: (reference: string, title: string) => `Added booking ${reference} to "${title}"`,
  remove: (reference: string, title: string) => `Removed booking ${reference} from "${title}"`,
  remind: (reference: string, title: string) => `Queued a reminder e-mail for booking ${reference} of "${title}"`,
} as const;

/** Manage Attendees: adding, removing or reminding one booking of a seminar. */
export function attendeeEntry(verb: keyof typeof bookingSummaries, bookingId: string, seminar: { title: string }): ActivityEntry {
  return {
    action: `seminar_booking.${verb}`,
    entityType: "seminar_booking",
    entityId: bookingId,
    summary: bookingSummaries[verb](bookingReference(bookingId), seminar.title),
  };
}
