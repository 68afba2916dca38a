import { WEEKDAYS, type WeeklySpan } from "./schema.ts";

// How the Consultants screen and the activity log word a consultant's week. Browser-safe.

/** A week's hours in one line: "Mon 09:00–19:00, Tue 09:00–19:00"; "No hours" for none. */
export function weeklyHoursText(hours: readonly WeeklySpan[]): string {
  if (hours.length === 0) return "No hours";
  return hours.map((span) => `${WEEKDAYS[span.weekday - 1]!.label.slice(0, 3)} ${span.start}–${span.end}`).join(", ");
}

/** What a consultant takes, as the list says it. */
export function takesText({ takesPaid, takesFree }: { takesPaid: boolean; takesFree: boolean }): string {
  if (takesPaid && takesFree) return "Paid consultations and free calls";
  return takesPaid ? "Paid consultations" : "Free calls";
}
