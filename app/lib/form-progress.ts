// Form progress tracking for the public booking forms (docs/product.md §11.8, §12): a FormProgress event
// when 50 and when 100 percent of the six tracked fields hold something, each once.

export const TRACKED_FORM_FIELDS = ["firstName", "lastName", "email", "phone", "address", "notes"] as const;

export type ProgressMilestone = 50 | 100;

const milestones: readonly ProgressMilestone[] = [50, 100];

/** Whole percent of the tracked fields holding something other than spaces. */
export function formProgressPercent(values: Readonly<Record<string, string | undefined>>, fields: readonly string[] = TRACKED_FORM_FIELDS): number {
  if (fields.length === 0) return 0;
  const filled = fields.filter((field) => (values[field] ?? "").trim() !== "").length;
  return Math.floor((filled / fields.length) * 100);
}

/** The milestones `percent` has reached that were not reported before, lowest first. */
export function newMilestones(percent: number, reported: ReadonlySet<ProgressMilestone>): ProgressMilestone[] {
  return milestones.filter((milestone) => percent >= milestone && !reported.has(milestone));
}

/** The text fields of a form element, as a plain record (browser only). */
export function textValuesOf(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === "string") values[key] = value;
  return values;
}
