// Form progress tracking for the seminar booking form (SPEC.md §9): a FormProgress event
// when 50 and 100 percent of the six tracked fields are filled, each once.

export const TRACKED_BOOKING_FIELDS = ["firstName", "lastName", "email", "phone", "address", "notes"] as const;

export type ProgressMilestone = 50 | 100;

const milestones: readonly ProgressMilestone[] = [50, 100];

/** Whole percent of the tracked fields that hold something other than spaces. */
export function formProgressPercent(values: Record<string, string | undefined>, fields: readonly string[] = TRACKED_BOOKING_FIELDS): number {
  if (fields.length === 0) return 0;
  const filled = fields.filter((field) => (values[field] ?? "").trim() !== "").length;
  return Math.floor((filled / fields.length) * 100);
}

/** The milestones reached at `percent` that have not been reported yet. */
export function milestonesToReport(percent: number, reported: ReadonlySet<ProgressMilestone>): ProgressMilestone[] {
  return milestones.filter((milestone) => percent >= milestone && !reported.has(milestone));
}
