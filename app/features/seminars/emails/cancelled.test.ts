import { describe, expect, it } from "vitest";
import { oysterBoxSeminar, testBookingId } from "../testing/seminars.ts";
import { seminarCancelledEmail } from "./cancelled.ts";

const seminar = oysterBoxSeminar;
const bookingId = testBookingId;
const attendee = { bookingId, firstName: "Thandi", email: "thandi@example.com", amountCents: 120000, seminar, siteUrl: "https://thula.example/" };

describe("seminarCancelledEmail", () => {
  const paid = seminarCancelledEmail({ ...attendee, isPaid: true });

  it("is addressed and keyed once per booking", () => {
    expect(paid.kind).toBe("seminar-cancelled");
    expect(paid.to).toBe("thandi@example.com");
    expect(paid.dedupeKey).toBe(`seminar-cancelled:${bookingId}`);
    expect(paid.subject).toBe("Cancelled: Moving to the UK: Durban on 5 December 2026");
    expect(paid.attachments).toBeUndefined();
  });

  it("says what was cancelled, where and when, in both bodies", () => {
    for (const body of [paid.text, paid.html]) {
      expect(body).toContain("Hi Thandi,");
      expect(body).toContain("has been cancelled");
      expect(body).toContain("5 December 2026");
      expect(body).toContain("18:00 (South African time)");
      expect(body).toContain("The Oyster Box, 2 Lighthouse Road, Umhlanga, Durban");
      expect(body).toContain("3F2A9C1E");
      expect(body).toContain("https://thula.example/events");
    }
  });

  it("promises a refund only to an attendee who paid, of what is left to give back", () => {
    expect(paid.text).toContain("You paid R1200.00 for your seat. We will refund R1200.00 to the way you paid");
    expect(paid.text).toContain("Refund: R1200.00");
    const partly = seminarCancelledEmail({ ...attendee, isPaid: true, refundCents: 100000 });
    expect(partly.text).toContain("You paid R1200.00 for your seat. We will refund R1000.00 to the way you paid");
    expect(partly.text).toContain("Refund: R1000.00");
    const refunded = seminarCancelledEmail({ ...attendee, isPaid: true, refundCents: 0 });
    expect(refunded.text).toContain("it has already been refunded");
    expect(refunded.text).not.toContain("Refund:");
    const unpaid = seminarCancelledEmail({ ...attendee, isPaid: false });
    expect(unpaid.text).toContain("You have not been charged for this seat");
    expect(unpaid.text).not.toContain("We will refund");
    expect(unpaid.text).not.toContain("Refund:");
  });

  it("escapes markup from the seminar and the name", () => {
    const hostile = seminarCancelledEmail({ ...attendee, isPaid: false, firstName: "<img src=x onerror=alert(1)>", seminar: { ...seminar, title: "<script>x</script>" } });
    expect(hostile.html).not.toContain("<script>");
    expect(hostile.html).not.toContain("<img src=x");
    expect(hostile.html).toContain("&lt;script&gt;x&lt;/script&gt;");
  });
});
