import { describe, expect, it } from "vitest";
import { ledgerTotalsOf, signedCents } from "./ledger.ts";

describe("ledgerTotalsOf", () => {
  it("is all zero for no entries", () => {
    const zero = { paymentCents: 0, refundCents: 0, netCents: 0, payments: 0, refunds: 0 };
    expect(ledgerTotalsOf([])).toEqual({ ...zero, byKind: { seminar: zero, consultation: zero } });
  });

  it("takes refunds away from payments, overall and for each kind of booking", () => {
    const totals = ledgerTotalsOf([
      { bookingKind: "seminar", entryType: "payment", cents: 215050, entries: 2 },
      { bookingKind: "seminar", entryType: "refund", cents: 20000, entries: 1 },
      { bookingKind: "consultation", entryType: "payment", cents: 349900, entries: 1 },
      { bookingKind: "consultation", entryType: "refund", cents: 349900, entries: 1 },
    ]);
    expect(totals).toEqual({
      paymentCents: 564950,
      refundCents: 369900,
      netCents: 195050,
      payments: 3,
      refunds: 2,
      byKind: {
        seminar: { paymentCents: 215050, refundCents: 20000, netCents: 195050, payments: 2, refunds: 1 },
        consultation: { paymentCents: 349900, refundCents: 349900, netCents: 0, payments: 1, refunds: 1 },
      },
    });
  });

  it("goes below zero when a month refunds more than it takes", () => {
    expect(ledgerTotalsOf([{ bookingKind: "seminar", entryType: "refund", cents: 5, entries: 1 }]).netCents).toBe(-5);
  });
});

describe("signedCents", () => {
  it("adds a payment and takes away a refund", () => {
    expect(signedCents({ entryType: "payment", amountCents: 120000 })).toBe(120000);
    expect(signedCents({ entryType: "refund", amountCents: 120000 })).toBe(-120000);
  });
});
