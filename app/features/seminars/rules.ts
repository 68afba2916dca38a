import { seminarFacts } from "~/content/site.ts";

/** Seats still on sale. */
export function spotsLeft(seminar: { maxAttendees: number; currentAttendees: number }): number {
  return Math.max(0, seminar.maxAttendees - seminar.currentAttendees);
}

/** "16+ people attending" at least, the real count once it is higher (docs/product.md §11.1). */
export function attendanceLabel(currentAttendees: number): string {
  return `${Math.max(seminarFacts.minimumAttendanceShown, currentAttendees)}+ people attending`;
}

/** An unpaid seat is held this long: the shortest expiry a hosted checkout allows (docs/product.md §11.2, docs/decisions/005). */
export const HOLD_MINUTES = 30;

export function holdExpiry(now: Date): Date {
  return new Date(now.getTime() + HOLD_MINUTES * 60_000);
}

/** Visitors may book an active seminar dated today or later (today in South Africa). */
export function isBookable(seminar: { isActive: boolean; seminarDate: string }, today: string): boolean {
  return seminar.isActive && seminar.seminarDate >= today;
}
