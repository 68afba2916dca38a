import type { WaitlistStatus } from "#db/schema/enums.ts";

export type { WaitlistStatus };

// The waitlist's rules, pure and browser-safe (docs/decisions/027): when an offer lapses, who
// in the line is offered freed seats, and what each state is called.


/** A place in line that still waits for, or holds, an offer. */
export const ACTIVE_WAITLIST_STATUSES = ["waiting", "offered"] as const satisfies readonly WaitlistStatus[];

/** Whether a place is still in line (waiting, or holding an offer). */
export function isInLine(entry: { status: WaitlistStatus }): boolean {
  return (ACTIVE_WAITLIST_STATUSES as readonly WaitlistStatus[]).includes(entry.status);
}

export const waitlistStatusLabels: Record<WaitlistStatus, string> = {
  waiting: "Waiting",
  offered: "Offered",
  booked: "Booked",
  lapsed: "Offer lapsed",
  withdrawn: "Withdrawn",
};

/** Why an offer's held booking gave its seats back when its holder (or staff) left the line. */
export const OFFER_WITHDRAWN_REASON = "Waitlist offer withdrawn";

const HOUR_MS = 60 * 60 * 1000;

/** When an offer made now lapses: `hours` from now, but never past the seminar's start. */
export function offerExpiry(now: Date, hours: number, seminarStart: Date): Date {
  return new Date(Math.min(now.getTime() + hours * HOUR_MS, seminarStart.getTime()));
}

/**
 * Which waiting entries, in line order, are offered `free` seats. An entry wanting more seats
 * than are left is passed over (it keeps its place for the next seats that free up) and the
 * next that fits is offered: seats are filled rather than left empty while a large group waits
 * (as pretix does; docs/decisions/027).
 */
export function entriesToOffer<T extends { seats: number }>(line: readonly T[], free: number): T[] {
  const offered: T[] = [];
  let left = free;
  for (const entry of line) {
    if (left <= 0) break;
    if (entry.seats > left) continue;
    offered.push(entry);
    left -= entry.seats;
  }
  return offered;
}
