import type { BookingKind, LedgerProvider } from "#db/schema/enums.ts";
import { formatRand } from "~/lib/format.ts";
import type { BookingMoney } from "./booking-money.ts";

// What may be refunded of a booking and how a refund is described: pure, so the refund dialog,
// the use case and the tests share them (docs/decisions/015, "Refunds").

/** The ledger's view of one booking: received, given back, and reserved by refunds still pending. */
export type LedgerTotals = { paidCents: number; refundedCents: number; pendingRefundCents: number };

/**
 * What can be refunded now: what the ledger holds of the booking's payments and what the
 * booking still counts as kept (its amount less its refunds), whichever is less, less what
 * refunds still on their way have reserved. 0 for an unpaid booking.
 */
export function refundableNow(money: BookingMoney, ledger: LedgerTotals): number {
  if (!money.isPaid) return 0;
  const byLedger = ledger.paidCents - ledger.refundedCents;
  const byBooking = money.amountCents - money.refundedCents;
  return Math.max(0, Math.min(byLedger, byBooking) - ledger.pendingRefundCents);
}

/** "R700.00 of R1200.00 can be refunded (R500.00 already refunded)", the over-refund refusal's detail. */
export function refundLimitMessage(refundable: number, money: BookingMoney, ledger: LedgerTotals): string {
  const already = [
    money.refundedCents > 0 ? `${formatRand(money.refundedCents)} already refunded` : undefined,
    ledger.pendingRefundCents > 0 ? `${formatRand(ledger.pendingRefundCents)} in a refund still pending` : undefined,
  ].filter(Boolean);
  if (refundable === 0) return `Nothing is left to refund of this booking${already.length ? ` (${already.join(", ")})` : ""}.`;
  return `You can refund at most ${formatRand(refundable)} of the ${formatRand(money.amountCents)} paid${already.length ? ` (${already.join(", ")})` : ""}.`;
}

/** How staff and e-mails name where the money went back. */
export const refundProviderLabels: Record<LedgerProvider, string> = {
  stripe: "Stripe",
  payfast: "PayFast",
  test: "the test checkout",
  manual: "a manual refund",
};

/** The kind of booking as the activity log and the dialog name it. */
export const bookingNouns: Record<BookingKind, string> = { seminar: "seminar booking", consultation: "consultation" };

/** The staff's answer once a refund has an outcome. */
export function refundOutcomeMessage(refund: { status: string; amountCents: number; provider: LedgerProvider; failureReason: string | null }): string {
  const amount = formatRand(refund.amountCents);
  if (refund.status === "failed") return `The refund of ${amount} failed: ${(refund.failureReason ?? "the payment provider refused it").replace(/\.+$/, "")}. Nothing was refunded.`;
  if (refund.status === "pending") {
    return refund.failureReason
      ? `Stripe did not answer, so the refund of ${amount} is pending: it is settled when Stripe reports it. Do not refund it again by hand.`
      : `Stripe is processing the refund of ${amount}; the booking shows it as refunded once Stripe confirms it.`;
  }
  if (refund.provider === "manual") return `Recorded a refund of ${amount}, paid back outside the website.`;
  if (refund.provider === "test") return `Refunded ${amount} through the test checkout (no real money moves).`;
  return `Refunded ${amount} to the customer's card.`;
}
