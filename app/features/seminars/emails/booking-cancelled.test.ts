import { describe, expect, it } from "vitest";
import { oysterBoxSeminar, testBookingId } from "../testing/seminars.ts";
import { seminarBookingCancelledEmail } from "./booking-cancelled.ts";

const booking = {
  bookingId: testBookingId,
  firstName: "Thandi",
  email: "thandi@example.com",
  amountCents: 120000,
  seminar: oysterBoxSeminar,
  siteUrl: "https://thula.example/",
};

describe("seminarBookingCancelledEmail", () => {
  const refunded = seminarBookingCancelledEmail({ ...booking, isPaid: true, refundDue: true });

  it("is addressed and keyed once per booking", () => {
    expect(refunded).toMatchObject({
      kind: "seminar-booking-cancelled",
      to: "thandi@example.com",
      subject: "Your booking for Moving to the UK: Durban on 5 December 2026 has been cancelled",
      dedupeKey: `seminar-booking-cancelled:${testBookingId}`,
    });
  });

  it("says which seat was cancelled, where and when, in both bodies", () => {
    for (const body of [refunded.text, refunded.html]) {
      expect(body).toContain("Hi Thandi,");
      expect(body).toContain("cancelled your booking for Moving to the UK: Durban on 5 December 2026");
      expect(body).toContain("18:00 (South African time)");
      expect(body).toContain("3F2A9C1E");
      expect(body).toContain("https://thula.example/events");
    }
  });

  it("says whether a refund follows", () => {
    expect(refunded.text).toContain("You paid R1200.00 for your seat. We will refund R1200.00 to the way you paid");
    expect(refunded.text).toContain("Refund: R1200.00");
    const waived = seminarBookingCancelledEmail({ ...booking, isPaid: true, refundDue: false });
    expect(waived.text).toContain("this booking is not refunded");
    expect(waived.text).not.toContain("We will refund");
    expect(waived.text).not.toContain("Refund:");
    const unpaid = seminarBookingCancelledEmail({ ...booking, isPaid: false, refundDue: false });
    expect(unpaid.text).toContain("You have not been charged for this seat");
    expect(unpaid.text).not.toContain("Refund:");
  });

  it("escapes markup from the seminar and the name", () => {
    const hostile = seminarBookingCancelledEmail({ ...booking, isPaid: false, refundDue: false, firstName: "<img src=x onerror=alert(1)>", seminar: { ...oysterBoxSeminar, title: "<script>x</script>" } });
    expect(hostile.html).not.toContain("<script>");
    expect(hostile.html).not.toContain("<img src=x");
  });
});
