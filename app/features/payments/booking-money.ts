// What a booking's money looks like to staff and customers (docs/decisions/015): one home for
// the words every view, count and CSV uses. The ledger is the truth; a booking keeps
// refunded_cents equal to the sum of its refunds there.

export type BookingMoney = {
  isPaid: boolean;
  /** What was charged, in ZAR cents. */
  amountCents: number;
  /** What has been given back, in ZAR cents. */
  refundedCents: number;
  /** Cancelled after paying, and the refund is still to be made. */
  refundDue: boolean;
};

export type MoneyState = "unpaid" | "paid" | "refund_due" | "partly_refunded" | "refunded";

export function moneyState(booking: BookingMoney): MoneyState {
  if (!booking.isPaid) return "unpaid";
  if (booking.refundedCents >= booking.amountCents && booking.amountCents > 0) return "refunded";
  if (booking.refundDue) return "refund_due";
  return booking.refundedCents > 0 ? "partly_refunded" : "paid";
}

export const moneyStateLabels: Record<MoneyState, string> = {
  unpaid: "Unpaid",
  paid: "Paid",
  refund_due: "Refund due",
  partly_refunded: "Partly refunded",
  refunded: "Refunded",
};

/** What the business keeps of this booking: paid minus refunded, 0 when unpaid. */
export function netPaidCents(booking: Pick<BookingMoney, "isPaid" | "amountCents" | "refundedCents">): number {
  return booking.isPaid ? Math.max(0, booking.amountCents - booking.refundedCents) : 0;
}
