import { zonedWallTimeToUtc } from "~/features/mail/zoned-time.ts";
import { SA_TIME_ZONE } from "~/lib/format.ts";

// The automatic seminar reminders (docs/product.md §8.2, `seminar-reminder`): pure rules, so
// the job that queues them (reminders.server.ts) only reads bookings and writes the outbox.

const HOUR_MS = 60 * 60 * 1000;

/** The seminar's start as an instant: its date and time are South African wall-clock time. */
export function seminarStart(seminar: { seminarDate: string; seminarTime: string }): Date {
  return zonedWallTimeToUtc(seminar.seminarDate, seminar.seminarTime.slice(0, 5), SA_TIME_ZONE);
}

/** The moment the reminder `offsetHours` before the start becomes due. */
export function reminderMark(start: Date, offsetHours: number): Date {
  return new Date(start.getTime() - offsetHours * HOUR_MS);
}

/**
 * Which reminder a booking should have by `now`, or undefined. Only the latest mark passed
 * counts (a reminder whose time was missed while no instance ran is not sent late once a
 * later one is due), never at or after the start, and never for a booking made after that
 * mark: booked 10 hours before, it gets neither the 72 h nor the 24 h reminder, as its
 * confirmation has just told it everything.
 */
export function dueReminder(
  booking: { createdAt: Date },
  start: Date,
  offsetsHours: readonly number[],
  now: Date,
): number | undefined {
  if (now.getTime() >= start.getTime()) return undefined;
  const passed = offsetsHours.filter((offset) => reminderMark(start, offset).getTime() <= now.getTime());
  if (passed.length === 0) return undefined;
  const latest = Math.min(...passed);
  return booking.createdAt.getTime() <= reminderMark(start, latest).getTime() ? latest : undefined;
}

/** The outbox key that queues one reminder per booking per offset, whoever runs the job and however often. */
export function reminderDedupeKey(offsetHours: number, bookingId: string): string {
  return `seminar-reminder:${offsetHours}h:${bookingId}`;
}

/** How many calendar days ahead the job must read seminars to see every reminder due now. */
export function lookAheadDays(offsetsHours: readonly number[]): number {
  return Math.ceil(Math.max(0, ...offsetsHours) / 24) + 1;
}

