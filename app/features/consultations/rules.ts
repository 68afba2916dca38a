import type { ConsultationStatus, PreferredTime } from "#db/schema/enums.ts";

/** Preferred time windows, UK time (docs/product.md §11.1). */
export const preferredTimeOptions: ReadonlyArray<{ value: PreferredTime; label: string; window: string }> = [
  { value: "morning", label: "Morning", window: "9:00 - 12:00" },
  { value: "afternoon", label: "Afternoon", window: "12:00 - 17:00" },
  { value: "evening", label: "Evening", window: "17:00 - 19:00" },
];

/** "Morning (9:00 - 12:00 UK time)"; free text from the admin is shown as it is. */
export function preferredTimeLabel(value: string | null | undefined): string {
  const option = preferredTimeOptions.find((candidate) => candidate.value === value);
  return option ? `${option.label} (${option.window} UK time)` : (value ?? "Not specified");
}

/** A type text containing "free", in any case, is a free call (docs/product.md §4.4). */
export function isFreeConsultation(type: string | null | undefined): boolean {
  return /free/i.test(type ?? "");
}

export type StatusTone = "green" | "amber" | "red" | "grey";

/** Status colours (docs/product.md §5.3): confirmed/completed green, pending amber, closed/cancelled/refunded red. */
export function consultationStatusTone(status: ConsultationStatus | string): StatusTone {
  switch (status) {
    case "confirmed":
    case "completed":
      return "green";
    case "pending":
      return "amber";
    case "closed":
    case "cancelled":
    case "refunded":
      return "red";
    default:
      return "grey";
  }
}
