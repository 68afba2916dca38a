// When an automatic reminder is due (seminars' and consultations'): pure rules, so the jobs
// that queue reminders only read bookings and write the outbox.

const HOUR_MS = 60 * 60 * 1000;

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
export function dueReminder(booking: { createdAt: Date }, start: Date, offsetsHours: readonly number[], now: Date): number | undefined {
  if (now.getTime() >= start.getTime()) return undefined;
  const passed = offsetsHours.filter((offset) => reminderMark(start, offset).getTime() <= now.getTime());
  if (passed.length === 0) return undefined;
  const latest = Math.min(...passed);
  return booking.createdAt.getTime() <= reminderMark(start, latest).getTime() ? latest : undefined;
}
