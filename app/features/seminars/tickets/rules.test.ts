import { describe, expect, it } from "vitest";
import { googleCalendarLink, isTicketCode, mapLink, seatLabel, ticketUrl } from "./rules.ts";

const seminar = { title: "Moving to the UK: Q&A", seminarDate: "2026-12-05", seminarTime: "18:00:00", venueName: "The Venue", address: "1 Long St", city: "Cape Town" };

describe("the 'Add to Google Calendar' link", () => {
  it("is a TEMPLATE event with the seminar's South African times in UTC, its title, details and place", () => {
    const link = new URL(googleCalendarLink(seminar, "Ticket for Thandi & family"));
    expect(`${link.origin}${link.pathname}`).toBe("https://calendar.google.com/calendar/render");
    expect(link.searchParams.get("action")).toBe("TEMPLATE");
    expect(link.searchParams.get("text")).toBe("Moving to the UK: Q&A");
    // 18:00 in Johannesburg (UTC+2) for the seminar's two and a half hours.
    expect(link.searchParams.get("dates")).toBe("20261205T160000Z/20261205T183000Z");
    expect(link.searchParams.get("details")).toBe("Ticket for Thandi & family");
    expect(link.searchParams.get("location")).toBe("The Venue, 1 Long St, Cape Town");
  });

  it("crosses midnight in UTC for an early-morning seminar", () => {
    const link = new URL(googleCalendarLink({ ...seminar, seminarTime: "01:00" }, ""));
    expect(link.searchParams.get("dates")).toBe("20261204T230000Z/20261205T013000Z");
  });
});

describe("ticket addresses and labels", () => {
  it("the page the QR code encodes, the seat label, the map search", () => {
    expect(ticketUrl("https://thula.example/", "abc_DEF-123")).toBe("https://thula.example/tickets/abc_DEF-123");
    expect(seatLabel(2, 3)).toBe("Seat 2 of 3");
    expect(mapLink(seminar)).toBe("https://www.google.com/maps/search/?api=1&query=The%20Venue%2C%201%20Long%20St%2C%20Cape%20Town");
  });

  it("looks up only codes shaped like an issued one", () => {
    expect(isTicketCode("Q2hhcmxpZS1pcy1oZXJlLTEy")).toBe(true);
    expect(isTicketCode("short")).toBe(false);
    expect(isTicketCode("../../etc/passwd/../../../x")).toBe(false);
  });
});
