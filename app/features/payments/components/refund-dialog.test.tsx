import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { AdminActionResult } from "~/lib/action-result.ts";
import { RefundDialog, type RefundDialogData } from "./refund-dialog.tsx";

const bookingId = "6f1c7a1e-8a52-4d43-9a55-5d0b1f0e2b11";
const data: RefundDialogData = {
  bookingKind: "seminar",
  bookingId,
  reference: "6F1C7A1E",
  title: "Moving to the UK: Durban evening",
  paidCents: 120000,
  refundedCents: 50000,
  pendingCents: 0,
  refundableCents: 70000,
  provider: "stripe",
  idempotencyKey: "0d9c6f0e-4c52-4b7f-9d7e-2f1a3b4c5d6e",
  history: [{ id: "r1", at: "2026-12-01T10:00:00.000Z", amountCents: 50000, status: "succeeded", by: "Zanele Dube", failureReason: null }],
};

/** The dialog as the server draws it (before hydration, and without JavaScript: the page's own overlay). */
function render(props: Partial<RefundDialogData> = {}, result?: AdminActionResult) {
  const Stub = createRoutesStub([{ path: "/admin/bookings", Component: () => <RefundDialog data={{ ...data, ...props }} result={result} /> }]);
  return renderToString(<Stub initialEntries={[`/admin/bookings?page=2&refund=seminar:${bookingId}`]} />);
}

/** An attribute of the control named `name`, wherever it sits in the tag. */
const attribute = (html: string, name: string, attr: string) => {
  const tag = new RegExp(`<(?:input|textarea)[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";
  return new RegExp(`\\s${attr}="([^"]*)"`).exec(tag)?.[1];
};

describe("RefundDialog", () => {
  it("is a labelled dialog with a form posting the refund, the amount prefilled with what can still be refunded", () => {
    const html = render();
    expect(html).toMatch(/role="dialog" aria-modal="true" aria-labelledby="[^"]+"/);
    expect(html).toContain("Refund booking 6F1C7A1E");
    expect(attribute(html, "intent", "value")).toBe("refund-booking");
    expect(attribute(html, "bookingKind", "value")).toBe("seminar");
    expect(attribute(html, "bookingId", "value")).toBe(bookingId);
    expect(attribute(html, "idempotencyKey", "value")).toBe(data.idempotencyKey);
    expect(attribute(html, "amount", "value")).toBe("700.00");
    expect(html).toMatch(/<label for="refund-amount"[^>]*>Amount to refund \(R\)/);
    expect(html).toMatch(/<label for="refund-reason"[^>]*>Reason/);
    expect(html).toContain("Up to R700.00.");
    expect(html).toContain("Stripe sends the money back to the card the customer paid with.");
    // Closing keeps the page's other parameters.
    expect(html).toContain('href="/admin/bookings?page=2"');
    expect(html).toContain("Refunds of this booking");
  });

  it("keeps what was typed after a refusal, shows the error on the field, and carries the fresh key it was handed", () => {
    const refused: AdminActionResult = {
      ok: false,
      intent: "refund-booking",
      target: bookingId,
      message: "You can refund at most R700.00 of the R1200.00 paid (R500.00 already refunded).",
      fieldErrors: { amount: ["You can refund at most R700.00 of the R1200.00 paid (R500.00 already refunded)."] },
      values: { amount: "900", reason: "Moved abroad", idempotencyKey: "9e9c6f0e-4c52-4b7f-9d7e-2f1a3b4c5d6e" },
    };
    const html = render({}, refused);
    expect(attribute(html, "amount", "value")).toBe("900");
    expect(html).toContain(">Moved abroad</textarea>");
    expect(attribute(html, "amount", "aria-invalid")).toBe("true");
    expect(attribute(html, "idempotencyKey", "value")).toBe("9e9c6f0e-4c52-4b7f-9d7e-2f1a3b4c5d6e");
    expect(html).toMatch(/role="alert"[^>]*>.*You can refund at most R700\.00/s);
  });

  it("offers no form when nothing is left to refund, or nothing was paid", () => {
    expect(render({ refundableCents: 0 })).toContain("Nothing is left to refund of this booking.");
    expect(render({ refundableCents: 0 })).not.toContain('name="amount"');
    expect(render({ provider: null, paidCents: 0, refundableCents: 0 })).toContain("no payment on record");
  });

  it("shows only a refund answer about this booking", () => {
    const other: AdminActionResult = { ok: true, intent: "refund-booking", target: "00000000-0000-4000-8000-000000000000", message: "Refunded R1.00 to the customer's card." };
    expect(render({}, other)).not.toContain("Refunded R1.00");
    const mine: AdminActionResult = { ok: true, intent: "refund-booking", target: bookingId, message: "Refunded R500.00 to the customer's card." };
    expect(render({}, mine)).toMatch(/role="status"[^>]*>.*Refunded R500\.00 to the customer&#x27;s card\./s);
  });
});
