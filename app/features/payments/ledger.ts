import type { BookingKind, LedgerEntryType, LedgerProvider } from "#db/schema/enums.ts";

// What the ledger adds up to (docs/decisions/015): revenue is payments minus refunds; and the
// words its entries are shown with. Pure and browser-safe: the queries hand over one sum per
// (kind, type), this gives them shape.

/** Money that moved in one direction or the other, in ZAR cents, with the number of entries. */
export type LedgerSums = {
  paymentCents: number;
  refundCents: number;
  /** Payments minus refunds: what the business kept (negative when refunds outweigh payments). */
  netCents: number;
  payments: number;
  refunds: number;
};

export type LedgerTotals = LedgerSums & { byKind: Record<BookingKind, LedgerSums> };

/** One group of the ledger: the sum and count of one kind of booking's payments or refunds. */
export type LedgerGroup = { bookingKind: BookingKind; entryType: LedgerEntryType; cents: number; entries: number };

/** One month's group: "2026-03" in the time zone the query was asked for. */
export type LedgerMonthGroup = LedgerGroup & { month: string };

export const noLedgerSums = (): LedgerSums => ({ paymentCents: 0, refundCents: 0, netCents: 0, payments: 0, refunds: 0 });

function add(sums: LedgerSums, group: LedgerGroup): LedgerSums {
  const paymentCents = sums.paymentCents + (group.entryType === "payment" ? group.cents : 0);
  const refundCents = sums.refundCents + (group.entryType === "refund" ? group.cents : 0);
  return {
    paymentCents,
    refundCents,
    netCents: paymentCents - refundCents,
    payments: sums.payments + (group.entryType === "payment" ? group.entries : 0),
    refunds: sums.refunds + (group.entryType === "refund" ? group.entries : 0),
  };
}

/** The totals of some groups, overall and by kind of booking; all zero when there are none. */
export function ledgerTotalsOf(groups: readonly LedgerGroup[]): LedgerTotals {
  let overall = noLedgerSums();
  const byKind: Record<BookingKind, LedgerSums> = { seminar: noLedgerSums(), consultation: noLedgerSums() };
  for (const group of groups) {
    overall = add(overall, group);
    byKind[group.bookingKind] = add(byKind[group.bookingKind], group);
  }
  return { ...overall, byKind };
}

/** An entry's effect on revenue: a payment adds, a refund takes away. */
export function signedCents(entry: { entryType: LedgerEntryType; amountCents: number }): number {
  return entry.entryType === "refund" ? -entry.amountCents : entry.amountCents;
}

export const ledgerEntryTypeLabels: Record<LedgerEntryType, string> = { payment: "Payment", refund: "Refund" };
export const bookingKindLabels: Record<BookingKind, string> = { seminar: "Seminar", consultation: "Consultation" };
export const ledgerProviderLabels: Record<LedgerProvider, string> = { stripe: "Stripe", payfast: "PayFast", test: "Test checkout", manual: "Recorded by staff" };
