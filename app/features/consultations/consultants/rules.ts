import { formatLongDate } from "~/lib/format.ts";
import { WEEKDAYS, type DateChange, type WeeklySpan } from "./schema.ts";

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

/** A date worked differently, as the dialog and the log say it: "Thursday 24 December 2026: day off". */
export function dateChangeText(change: Pick<DateChange, "date" | "spans">): string {
  const weekday = WEEKDAYS[(new Date(`${change.date}T12:00:00Z`).getUTCDay() + 6) % 7]!.label;
  const what = change.spans.length === 0 ? "day off" : change.spans.map((span) => `${span.start}–${span.end}`).join(", ");
  return `${weekday} ${formatLongDate(change.date) ?? change.date}: ${what}`;
}
