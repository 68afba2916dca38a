import { describe, expect, it } from "vitest";
import { oysterBoxSeminar, testBookingId } from "../testing/seminars.ts";
import { seminarBookingConfirmedEmail } from "./booking-confirmed.ts";
import { seminarHoldExpiredEmail } from "./hold-expired.ts";

const seminar = oysterBoxSeminar;
const bookingId = testBookingId;

describe("seminarBookingConfirmedEmail", () => {
  const email = seminarBookingConfirmedEmail({
    bookingId,
    firstName: "Thandi",
    lastName: "Nkosi",
    email: "thandi@example.com",
    amountCents: 120000,
    seminar,
    siteUrl: "https://thula.example/",
    now: new Date("2026-11-20T08:15:00Z"),
  });

  it("is addressed, keyed and subjected for the booking", () => {
    expect(email.kind).toBe("seminar-booking-confirmed");
    expect(email.to).toBe("thandi@example.com");
    expect(email.dedupeKey).toBe(`seminar-booking-confirmed:${bookingId}`);
    expect(email.subject).toBe("You're booked: Moving to the UK: Durban on 5 December 2026");
  });

  it("states what was booked, in both bodies", () => {
    for (const body of [email.text, email.html]) {
      expect(body).toContain("Moving to the UK: Durban");
      expect(body).toContain("5 December 2026");
      expect(body).toContain("18:00 (South African time)");
      expect(body).toContain("The Oyster Box, 2 Lighthouse Road, Umhlanga, Durban");
      expect(body).toContain("2.5 hours");
      expect(body).toContain("R1200.00");
      expect(body).toContain("3F2A9C1E");
      expect(body).toContain("What to bring");
      expect(body).toContain("What happens next");
      expect(body).toContain("https://thula.example/events");
    }
    expect(email.text).toContain("Booking reference: 3F2A9C1E");
    expect(email.text).toContain("Amount paid: R1200.00");
  });

  it("carries the calendar invitation for 18:00 in Johannesburg", () => {
    expect(email.attachments).toHaveLength(1);
    const [attachment] = email.attachments!;
    expect(attachment!.filename).toBe("thula-seminar.ics");
    expect(attachment!.contentType).toBe("text/calendar; charset=utf-8; method=PUBLISH");
    // Long lines are folded (CRLF + space); unfold before reading them.
    const ics = Buffer.from(attachment!.contentBase64, "base64").toString("utf8").replace(/\r\n[ \t]/g, "");
    expect(ics).toContain("\r\nDTSTART:20261205T160000Z\r\n");
    expect(ics).toContain("\r\nDTEND:20261205T183000Z\r\n");
    expect(ics).toContain(`\r\nUID:seminar-booking-${bookingId}@thularelocations.co.uk\r\n`);
    expect(ics).toContain("\r\nLOCATION:The Oyster Box\\, 2 Lighthouse Road\\, Umhlanga\\, Durban\r\n");
  });

  it("escapes a name that carries markup", () => {
    const hostile = seminarBookingConfirmedEmail({
      bookingId,
      firstName: "<script>alert(1)</script>",
      lastName: "Nkosi",
      email: "thandi@example.com",
      amountCents: 120000,
      seminar: { ...seminar, title: "Durban <b>VIP</b>" },
      siteUrl: "https://thula.example",
    });
    expect(hostile.html).not.toContain("<script>");
    expect(hostile.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(hostile.html).not.toContain("<b>VIP</b>");
  });
});

describe("seminarHoldExpiredEmail", () => {
  const email = seminarHoldExpiredEmail({ bookingId, firstName: "Thandi", email: "thandi@example.com", seminar, siteUrl: "https://thula.example" });

  it("is addressed and keyed for the lapsed hold", () => {
    expect(email.kind).toBe("seminar-hold-expired");
    expect(email.to).toBe("thandi@example.com");
    expect(email.dedupeKey).toBe(`seminar-hold-expired:${bookingId}`);
    expect(email.subject).toContain("Moving to the UK: Durban");
    expect(email.attachments ?? []).toHaveLength(0);
  });

  it("says the seat was released after 30 minutes and links to book again", () => {
    for (const body of [email.text, email.html]) {
      expect(body).toContain("Hi Thandi,");
      expect(body).toContain("30 minutes");
      expect(body).toContain("released");
      expect(body).toContain("5 December 2026");
      expect(body).toContain(`https://thula.example/events/book/${seminar.id}`);
    }
    expect(email.text).toContain(`Book your seat again: https://thula.example/events/book/${seminar.id}`);
  });
});
