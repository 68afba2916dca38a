import { seminarFacts } from "~/content/site.ts";

/** "16+ people attending" at least, the real count once it is higher (docs/product.md §11.1). */
export function attendanceLabel(currentAttendees: number): string {
  return `${Math.max(seminarFacts.minimumAttendanceShown, currentAttendees)}+ people attending`;
}

/** Visitors may book an active seminar dated today or later (today in South Africa). */
export function isBookable(seminar: { isActive: boolean; seminarDate: string }, today: string): boolean {
  return seminar.isActive && seminar.seminarDate >= today;
}
