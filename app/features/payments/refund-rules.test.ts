import { describe, expect, it } from "vitest";
import { refundableNow, refundLimitMessage, refundOutcomeMessage } from "./refund-rules.ts";
import { parseRefundTarget, refundFormSchema, refundTarget } from "./refund-schema.ts";

const paid = { isPaid: true, amountCents: 120000, refundedCents: 0, refundDue: false };
const ledger = { paidCents: 120000, refundedCents: 0, pendingRefundCents: 0 };

describe("what can be refunded", () => {
  it("is what was kept, less what pending refunds reserve; nothing for an unpaid booking", () => {
    expect(refundableNow(paid, ledger)).toBe(120000);
    expect(refundableNow({ ...paid, refundedCents: 50000 }, { ...ledger, refundedCents: 50000 })).toBe(70000);
    expect(refundableNow(paid, { ...ledger, pendingRefundCents: 100000 })).toBe(20000);
    expect(refundableNow({ ...paid, isPaid: false }, ledger)).toBe(0);
  });

  it("never more than the ledger holds, nor more than the booking still counts as kept", () => {
    // Paid by hand, marked unpaid (taken back), paid again: the ledger holds one payment's worth.
    expect(refundableNow(paid, { paidCents: 240000, refundedCents: 120000, pendingRefundCents: 0 })).toBe(120000);
    // No payment in the ledger (a booking marked paid before the ledger existed is seeded; anything else is not refundable here).
    expect(refundableNow(paid, { paidCents: 0, refundedCents: 0, pendingRefundCents: 0 })).toBe(0);
    expect(refundableNow(paid, { ...ledger, pendingRefundCents: 130000 })).toBe(0);
  });

  it("says the limit in rand, with what was refunded or is pending", () => {
    expect(refundLimitMessage(120000, paid, ledger)).toBe("You can refund at most R1200.00 of the R1200.00 paid.");
    expect(refundLimitMessage(20000, { ...paid, refundedCents: 50000 }, { ...ledger, pendingRefundCents: 50000 })).toBe(
      "You can refund at most R200.00 of the R1200.00 paid (R500.00 already refunded, R500.00 in a refund still pending).",
    );
    expect(refundLimitMessage(0, { ...paid, refundedCents: 120000 }, ledger)).toBe("Nothing is left to refund of this booking (R1200.00 already refunded).");
  });

  it("answers staff in words that say where the money went", () => {
    const refund = { amountCents: 50000, failureReason: null };
    expect(refundOutcomeMessage({ ...refund, status: "succeeded", provider: "stripe" })).toBe("Refunded R500.00 to the customer's card.");
    expect(refundOutcomeMessage({ ...refund, status: "succeeded", provider: "manual" })).toBe("Recorded a refund of R500.00, paid back outside the website.");
    expect(refundOutcomeMessage({ ...refund, status: "pending", provider: "stripe" })).toMatch(/^Stripe is processing the refund of R500\.00/);
    expect(refundOutcomeMessage({ ...refund, status: "failed", provider: "stripe", failureReason: "Charge ch_1 has already been refunded." })).toBe(
      "The refund of R500.00 failed: Charge ch_1 has already been refunded. Nothing was refunded.",
    );
  });
});

describe("the refund form", () => {
  const valid = { bookingKind: "seminar", bookingId: "6f1c7a1e-8a52-4d43-9a55-5d0b1f0e2b11", idempotencyKey: "0d9c6f0e-4c52-4b7f-9d7e-2f1a3b4c5d6e", amount: "500", reason: " Cannot attend " };

  it("reads the amount in rand as exact cents and trims the reason", () => {
    expect(refundFormSchema.parse(valid)).toEqual({ ...valid, amount: 50000, reason: "Cannot attend" });
    expect(refundFormSchema.parse({ ...valid, amount: "R 700.50" }).amount).toBe(70050);
    expect(refundFormSchema.parse({ ...valid, amount: "0.29" }).amount).toBe(29);
  });

  it("refuses a missing, malformed or zero amount and a blank or long reason, each with its message", () => {
    const messages = (values: Record<string, string>) => refundFormSchema.safeParse({ ...valid, ...values }).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(messages({ amount: "" })).toEqual(["amount: Enter the amount to refund, in rand."]);
    expect(messages({ amount: "1,200" })).toEqual(["amount: Enter the amount in rand, like 500 or 500.00."]);
    expect(messages({ amount: "-5" })).toEqual(["amount: Enter the amount in rand, like 500 or 500.00."]);
    expect(messages({ amount: "0.00" })).toEqual(["amount: Enter an amount of at least R0.01 to refund."]);
    expect(messages({ reason: "   " })).toEqual(["reason: Give a reason for the refund."]);
    expect(messages({ reason: "x".repeat(501) })).toEqual(["reason: Keep the reason to 500 characters."]);
    expect(messages({ bookingKind: "blog" })?.[0]).toMatch(/^bookingKind: This refund form is out of date/);
    expect(messages({ idempotencyKey: "twice" })?.[0]).toMatch(/^idempotencyKey: /);
  });

  it("names the booking in the URL as kind:id, and nothing else", () => {
    const id = "6F1C7A1E-8A52-4D43-9A55-5D0B1F0E2B11";
    expect(parseRefundTarget(refundTarget("consultation", id))).toEqual({ bookingKind: "consultation", bookingId: id.toLowerCase() });
    for (const bad of [null, "", "seminar", `blog:${id}`, `seminar:${id}x`, "seminar:../../etc"]) expect(parseRefundTarget(bad)).toBeUndefined();
  });
});
