import { describe, expect, it } from "vitest";
import { monthlyFigures } from "./monthly-figures.ts";

describe("monthlyFigures", () => {
  it("gives every month a row, with zeros where nothing moved, net of refunds and split by kind", () => {
    const rows = monthlyFigures(
      ["2026-01", "2026-02", "2026-03"],
      [
        { month: "2026-01", bookingKind: "seminar", entryType: "payment", cents: 240000, entries: 2 },
        { month: "2026-01", bookingKind: "consultation", entryType: "payment", cents: 349900, entries: 1 },
        { month: "2026-03", bookingKind: "seminar", entryType: "refund", cents: 120000, entries: 1 },
        // Outside the months asked for: ignored.
        { month: "2025-12", bookingKind: "seminar", entryType: "payment", cents: 999, entries: 1 },
      ],
      [
        { month: "2026-01", seats: 2 },
        { month: "2025-12", seats: 9 },
      ],
    );
    expect(rows).toEqual([
      { month: "2026-01", label: "January 2026", shortLabel: "Jan 26", seminarCents: 240000, consultationCents: 349900, netCents: 589900, paymentCents: 589900, refundCents: 0, seatsSold: 2 },
      { month: "2026-02", label: "February 2026", shortLabel: "Feb 26", seminarCents: 0, consultationCents: 0, netCents: 0, paymentCents: 0, refundCents: 0, seatsSold: 0 },
      { month: "2026-03", label: "March 2026", shortLabel: "Mar 26", seminarCents: -120000, consultationCents: 0, netCents: -120000, paymentCents: 0, refundCents: 120000, seatsSold: 0 },
    ]);
  });
});
