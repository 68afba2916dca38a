import { zonedWallTimeToUtc } from "~/features/mail/zoned-time.ts";
import { SA_TIME_ZONE } from "~/lib/format.ts";

// The automatic seminar reminders (docs/product.md §8.2, `seminar-reminder`): pure rules, so
// the job that queues them (reminders.server.ts) only reads bookings and writes the outbox.

export { dueReminder, reminderMark } from "~/lib/reminders.ts";

/** The seminar's start as an instant: its date and time are South African wall-clock time. */
export function seminarStart(seminar: { seminarDate: string; seminarTime: string }): Date {
  return zonedWallTimeToUtc(seminar.seminarDate, seminar.seminarTime.slice(0, 5), SA_TIME_ZONE);
}

/** The outbox key that queues one reminder per booking per offset, whoever runs the job and however often. */
export function reminderDedupeKey(offsetHours: number, bookingId: string): string {
  return `seminar-reminder:${offsetHours}h:${bookingId}`;
}

/** How many calendar days ahead the job must read seminars to see every reminder due now. */
export function lookAheadDays(offsetsHours: readonly number[]): number {
  return Math.ceil(Math.max(0, ...offsetsHours) / 24) + 1;
}

