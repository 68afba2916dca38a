import { ledgerTotalsOf, type LedgerMonthGroup } from "~/features/payments/ledger.ts";
import { monthLabel, shortMonthLabel, type MonthKey } from "./months.ts";

// "Revenue and seats sold by month" (docs/product.md §3.3): one row per month, a month
// without payments, refunds or sales is a row of zeros. Pure: the chart and the table share it.

export type MonthlyFigures = {
  month: MonthKey;
  /** "March 2026" (the table). */
  label: string;
  /** "Mar 26" (the chart's axis). */
  shortLabel: string;
  /** Seminar payments minus seminar refunds, in ZAR cents. */
  seminarCents: number;
  consultationCents: number;
  /** Payments minus refunds of both kinds. */
  netCents: number;
  paymentCents: number;
  refundCents: number;
  seatsSold: number;
};

/** The rows for `months` (oldest first) from the ledger's groups and the seats sold, gaps filled with zeros. */
export function monthlyFigures(
  months: readonly MonthKey[],
  groups: readonly LedgerMonthGroup[],
  seats: readonly { month: string; seats: number }[],
): MonthlyFigures[] {
  return months.map((month) => {
    const totals = ledgerTotalsOf(groups.filter((group) => group.month === month));
    return {
      month,
      label: monthLabel(month),
      shortLabel: shortMonthLabel(month),
      seminarCents: totals.byKind.seminar.netCents,
      consultationCents: totals.byKind.consultation.netCents,
      netCents: totals.netCents,
      paymentCents: totals.paymentCents,
      refundCents: totals.refundCents,
      seatsSold: seats.find((sold) => sold.month === month)?.seats ?? 0,
    };
  });
}
