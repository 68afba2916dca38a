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

/** Statuses that end a consultation before it happens: nothing is asked for or taken (no reminder, no payment). */
export const CLOSED_STATUSES = ["closed", "cancelled", "refunded"] as const satisfies readonly ConsultationStatus[];

export function isClosedStatus(status: ConsultationStatus | string): boolean {
  return (CLOSED_STATUSES as readonly string[]).includes(status);
}

/**
 * Where an admin may move a consultation from each status (docs/decisions/012): rescheduling
 * goes back to pending, a mistaken "completed" back to confirmed, a closed or cancelled one
 * reopens as pending. Refunded is no target: it follows a refund (money given back), never a
 * choice in the menu, and it is final. Cancelled is reached through the cancellation, which
 * records who, when and why and tells the client.
 */
export const allowedStatusTransitions: Record<ConsultationStatus, readonly ConsultationStatus[]> = {
  pending: ["confirmed", "closed", "cancelled"],
  confirmed: ["pending", "completed", "closed", "cancelled"],
  completed: ["confirmed"],
  closed: ["pending"],
  cancelled: ["pending"],
  refunded: [],
};

/** Whether an admin may move a consultation from `from` to `to` (the same status is no change). */
export function canChangeStatus(from: ConsultationStatus, to: ConsultationStatus): boolean {
  return allowedStatusTransitions[from].includes(to);
}

export type StatusTone = "green" | "amber" | "red" | "grey";

/** Status colours (docs/product.md §5.3): confirmed/completed green, pending amber, closed/cancelled/refunded red. */
export function consultationStatusTone(status: ConsultationStatus | string): StatusTone {
  if (status === "confirmed" || status === "completed") return "green";
  if (status === "pending") return "amber";
  return isClosedStatus(status) ? "red" : "grey";
}

/**
 * Money is on record for this consultation (docs/decisions/015): a checkout was opened or the
 * ledger holds a payment of it (`checkoutOrPayment`), it has a paid time, or it is a paid-type
 * consultation marked paid. A free call's paid flag means "nothing to pay", not money.
 */
export function hasMoneyOnRecord(booking: { consultationType: string; isPaid: boolean; paidAt: Date | string | null }, checkoutOrPayment: boolean): boolean {
  return checkoutOrPayment || booking.paidAt !== null || (booking.isPaid && !isFreeConsultation(booking.consultationType));
}

/**
 * What the admin's Delete does to a consultation: one without money on record may be deleted;
 * one with money is cancelled instead, while its status allows it; otherwise it stays as it is
 * (completed, closed, already cancelled or refunded, with its money on record).
 */
export type ConsultationRemoval = "delete" | "cancel" | "keep";

export function consultationRemoval(status: ConsultationStatus, moneyOnRecord: boolean): ConsultationRemoval {
  if (!moneyOnRecord) return "delete";
  return canChangeStatus(status, "cancelled") ? "cancel" : "keep";
}
