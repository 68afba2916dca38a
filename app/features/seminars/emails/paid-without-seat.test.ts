import { describe, expect, it } from "vitest";
import { oysterBoxSeminar, testBookingId } from "../testing/seminars.ts";
import { seminarPaidWithoutSeatEmail } from "./paid-without-seat.ts";

const payment = {
  bookingId: testBookingId,
  firstName: "Thandi",
  email: "thandi@example.com",
  amountCents: 120000,
  seminar: oysterBoxSeminar,
  siteUrl: "https://thula.example/",
};

describe("seminarPaidWithoutSeatEmail", () => {
  it("tells a payer whose hold lapsed and whose seat was sold that no seat is theirs and the money goes back", () => {
    const email = seminarPaidWithoutSeatEmail({ ...payment, reason: "seat-gone" });
    expect(email).toMatchObject({
      kind: "seminar-paid-without-seat",
      to: "thandi@example.com",
      subject: "Your payment for Moving to the UK: Durban on 5 December 2026: no seat, full refund to follow",
      dedupeKey: `seminar-paid-without-seat:${testBookingId}`,
    });
    for (const body of [email.text, email.html]) {
      expect(body).toContain("Hi Thandi,");
      expect(body).toContain("the seminar filled up in the meantime, so we could not give you a seat");
      expect(body).toContain("We will refund the full R1200.00");
      expect(body).toContain("3F2A9C1E");
    }
    expect(email.text).not.toContain("cancelled");
  });

  it("tells a payer whose booking staff had cancelled not to travel, and that the money goes back", () => {
    const email = seminarPaidWithoutSeatEmail({ ...payment, reason: "cancelled" });
    expect(email.text).toContain("It reached us after your booking had been cancelled");
    expect(email.text).toContain("Please don't travel to the venue");
    expect(email.text).toContain("Refund: R1200.00");
  });

  it("escapes markup from the seminar and the name", () => {
    const hostile = seminarPaidWithoutSeatEmail({ ...payment, reason: "cancelled", firstName: "<img src=x onerror=alert(1)>", seminar: { ...oysterBoxSeminar, title: "<script>x</script>" } });
    expect(hostile.html).not.toContain("<script>");
    expect(hostile.html).not.toContain("<img src=x");
  });
});
