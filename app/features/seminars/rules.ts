import { seminarFacts } from "~/content/site.ts";

/** Seats still on sale. */
export function spotsLeft(seminar: { maxAttendees: number; currentAttendees: number }): number {
  return Math.max(0, seminar.maxAttendees - seminar.currentAttendees);
}

/** "16+ people attending" at least, the real count once it is higher (SPEC.md §9). */
export function attendanceLabel(currentAttendees: number): string {
  return `${Math.max(seminarFacts.minimumAttendanceShown, currentAttendees)}+ people attending`;
}
