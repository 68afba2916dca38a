import { describe, expect, it } from "vitest";
import { moneyState, netPaidCents } from "./booking-money.ts";

const paid = { isPaid: true, amountCents: 120000, refundedCents: 0, refundDue: false };

describe("a booking's money", () => {
  it("names each state from what was paid and given back", () => {
    expect(moneyState({ ...paid, isPaid: false })).toBe("unpaid");
    expect(moneyState(paid)).toBe("paid");
    expect(moneyState({ ...paid, refundDue: true })).toBe("refund_due");
    expect(moneyState({ ...paid, refundedCents: 20000 })).toBe("partly_refunded");
    expect(moneyState({ ...paid, refundedCents: 120000, refundDue: true })).toBe("refunded");
  });

  it("keeps paid minus refunded, nothing when unpaid", () => {
    expect(netPaidCents({ ...paid, refundedCents: 20000 })).toBe(100000);
    expect(netPaidCents({ ...paid, isPaid: false })).toBe(0);
  });
});
