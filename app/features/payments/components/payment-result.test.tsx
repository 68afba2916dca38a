import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { PaymentResultView, type PaymentResult } from "./payment-result.tsx";

// The success page's words for each outcome (docs/product.md §2.16): "Booking Confirmed" only
// for a booking that stands; a payment whose booking is cancelled says so and what happens to
// the money (docs/decisions/017).

function render(result: PaymentResult) {
  const Stub = createRoutesStub([{ path: "/payment-success", Component: () => <PaymentResultView result={result} /> }]);
  return renderToString(<Stub initialEntries={["/payment-success?session_id=cs_test_1"]} />).replace(/<!-- -->/g, "");
}

const notBooked = { state: "paid-not-booked", amountCents: 120000, itemTitle: "Moving to the UK: Durban evening", bookingKind: "seminar" } as const;

describe("the payment result", () => {
  it("confirms a booking that stands", () => {
    const html = render({ state: "paid", amountCents: 120000, itemTitle: "Moving to the UK: Durban evening", bookingKind: "seminar", sessionId: "cs_test_1" });
    expect(html).toContain("Booking Confirmed");
  });

  it("says a payment arrived for a cancelled booking, never that it is confirmed, and that the money is owed back", () => {
    const html = render({ ...notBooked, money: "refund_due" });
    expect(html).toContain("We received your payment, but your booking is cancelled");
    expect(html).toContain("R1200.00");
    expect(html).toContain("so no seat is held for you");
    expect(html).toContain("The money is owed back to you: we will refund it to your card and e-mail you when we have.");
    expect(html).not.toContain("Booking Confirmed");
    expect(html).not.toContain("is confirmed");
  });

  it("says what became of the money once refunded, or asks the payer to write when no refund is due", () => {
    expect(render({ ...notBooked, money: "refunded" })).toContain("The full amount has been refunded to your card.");
    expect(render({ ...notBooked, money: "partly_refunded" })).toContain("Part of it has been refunded to your card already");
    expect(render({ ...notBooked, bookingKind: "consultation", itemTitle: "Private consultation (60 minutes)", money: "paid" })).toMatch(
      /reached us, but the booking is cancelled\.<\/p>.*Please e-mail us at/s,
    );
  });
});
