import type { ActivityEntry } from "~/features/activity/service.server.ts";
import { bookingReference } from "~/lib/ids.ts";

// What the activity log says of a waitlist entry (docs/decisions/013, 027): by its reference,
// never the person's name, so erasing them never touches the log.

type Seminar = { title: string };
type Entry = { id: string; seats: number };

const seats = (n: number) => (n === 1 ? "1 seat" : `${n} seats`);

function entry(action: string, id: string, summary: string): ActivityEntry {
  return { action: `seminar_waitlist.${action}`, entityType: "seminar_waitlist_entry", entityId: id, summary };
}

export function joinedEntry(joined: Entry & { position: number }, seminar: Seminar): ActivityEntry {
  return entry("join", joined.id, `Waitlist entry ${bookingReference(joined.id)} joined the line for "${seminar.title}" wanting ${seats(joined.seats)}`);
}

export function offeredEntry(offered: Entry & { bookingId: string; expiresAt: Date }, seminar: Seminar, byHand: boolean): ActivityEntry {
  const how = byHand ? "offered by hand" : "offered";
  return entry(
    "offer",
    offered.id,
    `Waitlist entry ${bookingReference(offered.id)} was ${how} ${seats(offered.seats)} at "${seminar.title}", held as booking ${bookingReference(offered.bookingId)} until ${offered.expiresAt.toISOString()}`,
  );
}

export function offerLapsedEntry(lapsed: Entry, seminar: Seminar): ActivityEntry {
  return entry("offer-lapsed", lapsed.id, `Waitlist entry ${bookingReference(lapsed.id)}'s offer at "${seminar.title}" passed unclaimed; its seats went back`);
}

export function bookedEntry(booked: Entry, seminar: Seminar): ActivityEntry {
  return entry("booked", booked.id, `Waitlist entry ${bookingReference(booked.id)} claimed its offer at "${seminar.title}" and paid`);
}

export function withdrawnEntry(withdrawn: Entry & { hadOffer: boolean }, seminar: Seminar): ActivityEntry {
  const offer = withdrawn.hadOffer ? "; the seats held for its offer went back" : "";
  return entry("withdraw", withdrawn.id, `Waitlist entry ${bookingReference(withdrawn.id)} left the line for "${seminar.title}"${offer}`);
}

export function movedEntry(moved: Entry, seminar: Seminar, direction: "up" | "down", from: number, to: number): ActivityEntry {
  return {
    ...entry("move", moved.id, `Waitlist entry ${bookingReference(moved.id)} moved ${direction} the line for "${seminar.title}"`),
    changes: { position: { before: from, after: to } },
  };
}
