import { describe, expect, it } from "vitest";
import { oysterBoxSeminar, testBookingId } from "../testing/seminars.ts";
import { seminarReminderEmail } from "./reminder.ts";

const seminar = { ...oysterBoxSeminar, seminarTime: "09:30:00" };
const bookingId = testBookingId;
const attendee = { bookingId, firstName: "Sipho", email: "sipho@example.com", amountCents: 120000, seminar, siteUrl: "https://thula.example" };

describe("seminarReminderEmail", () => {
  const paid = seminarReminderEmail({ ...attendee, isPaid: true });

  it("is a reminder to the attendee; each press queues one (no dedupe key)", () => {
    expect(paid.kind).toBe("seminar-reminder");
    expect(paid.to).toBe("sipho@example.com");
    expect(paid.subject).toBe("Reminder: Moving to the UK: Durban on 5 December 2026 at 09:30");
    expect(paid.dedupeKey).toBeUndefined();
  });

  it("carries the date, time, venue, address and what to bring, in both bodies", () => {
    for (const body of [paid.text, paid.html]) {
      expect(body).toContain("5 December 2026");
      expect(body).toContain("09:30 (South African time)");
      expect(body).toContain("2.5 hours");
      expect(body).toContain("The Oyster Box");
      expect(body).toContain("2 Lighthouse Road, Umhlanga, Durban");
      expect(body).toContain("What to bring");
      expect(body).toContain("3F2A9C1E");
      expect(body).toContain(`https://thula.example/events/book/${seminar.id}`);
    }
    expect(paid.text).toContain("Venue: The Oyster Box");
    expect(paid.text).toContain("Address: 2 Lighthouse Road, Umhlanga, Durban");
    expect(paid.text).toContain("Your seat is paid for");
  });

  it("links the address to a map, says where to park, and carries the automatic reminders' key and a ticket link when given", () => {
    const map = "https://www.google.com/maps/search/?api=1&query=2%20Lighthouse%20Road%2C%20Umhlanga%2C%20Durban";
    expect(paid.text).toContain(`Map: ${map}`);
    expect(paid.html).toContain(map.replace("&", "&amp;"));
    expect(paid.text).toContain("Parking: Most of our venues have free parking");
    const automatic = seminarReminderEmail(
      { ...attendee, isPaid: true, manageUrl: "https://thula.example/bookings/signed" },
      { dedupeKey: "seminar-reminder:72h:b1", tickets: [{ label: "Ticket: Thandi (seat 1 of 2)", url: "https://thula.example/tickets/abc" }] },
    );
    expect(automatic.dedupeKey).toBe("seminar-reminder:72h:b1");
    expect(automatic.text).toContain("Ticket: Thandi (seat 1 of 2): https://thula.example/tickets/abc");
    expect(automatic.html).toContain('href="https://thula.example/tickets/abc"');
    expect(automatic.text).toContain("Manage your booking: https://thula.example/bookings/signed");
    expect(paid.text).not.toContain("Ticket:");
    expect(paid.text).not.toContain("Manage your booking");
  });

  it("does not repeat a city the address already names", () => {
    const email = seminarReminderEmail({ ...attendee, isPaid: true, seminar: { ...seminar, address: "12 Lagoon Drive, Umhlanga Rocks, Durban, 4319" } });
    expect(email.text).toContain("Address: 12 Lagoon Drive, Umhlanga Rocks, Durban, 4319\n");
  });

  it("mentions an outstanding fee to an unpaid attendee", () => {
    const unpaid = seminarReminderEmail({ ...attendee, isPaid: false });
    expect(unpaid.text).toContain("the seat fee of R1200.00 is still outstanding");
    expect(unpaid.text).not.toContain("Your seat is paid for");
  });

  it("escapes markup", () => {
    const hostile = seminarReminderEmail({ ...attendee, isPaid: true, seminar: { ...seminar, venueName: "<b>Hall</b>" } });
    expect(hostile.html).not.toContain("<b>Hall</b>");
    expect(hostile.html).toContain("&lt;b&gt;Hall&lt;/b&gt;");
  });
});
