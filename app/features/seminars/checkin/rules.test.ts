import { describe, expect, it } from "vitest";
import { answerWords, attendanceLabel, checkedInCell, ticketCodeFrom, type DoorTicket } from "./rules.ts";

const code = "Qx3b9Kp2LmN4rT7vW1yZ0aBc";
const ticket: DoorTicket = { id: "t1", code, attendeeName: "Thandi Nkosi", seatNumber: 2, seats: 3, reference: "3F2A9C1E", bookerName: "Sipho Nkosi", feeUnpaid: false };

describe("ticketCodeFrom", () => {
  it("reads the bare code, the ticket's address from any host, and what a hand scanner types", () => {
    expect(ticketCodeFrom(code)).toBe(code);
    expect(ticketCodeFrom(`  ${code}\n`)).toBe(code);
    expect(ticketCodeFrom(`https://thula.example/tickets/${code}`)).toBe(code);
    expect(ticketCodeFrom(`http://127.0.0.1:3000/tickets/${code}?utm=x#top`)).toBe(code);
    expect(ticketCodeFrom(`https://thula.example/tickets/${code}/calendar.ics`)).toBe(code);
  });

  it("finds no code in anything else", () => {
    for (const text of ["", "   ", "short", "https://thula.example/events", "not a ticket code at all!", "%E0%A4%A", "/tickets/" + "x".repeat(80)]) expect(ticketCodeFrom(text), text).toBeUndefined();
  });
});

describe("the door's answers", () => {
  it("say in words what the colour says", () => {
    expect(answerWords({ kind: "checked-in", ticket })).toMatchObject({ tone: "success", headline: "Checked in: Thandi Nkosi, seat 2 of 3" });
    expect(answerWords({ kind: "checked-in", ticket: { ...ticket, feeUnpaid: true } }).detail).toContain("fee is still to pay");
    // 16:02 UTC is 18:02 in Johannesburg.
    expect(answerWords({ kind: "already", ticket, checkedInAt: "2026-12-05T16:02:30Z", checkedInBy: "Sipho" })).toMatchObject({ tone: "warning", headline: "Already checked in at 18:02 by Sipho" });
    expect(answerWords({ kind: "other-seminar", seminar: { title: "Cape Town evening", seminarDate: "2026-12-12", city: "Cape Town" } })).toEqual({
      tone: "danger",
      headline: "Ticket for another seminar",
      detail: "This ticket is for “Cape Town evening” in Cape Town on 12 Dec 2026.",
    });
    expect(answerWords({ kind: "cancelled", ticket })).toMatchObject({ tone: "danger", headline: "Booking cancelled" });
    expect(answerWords({ kind: "not-paid", ticket })).toMatchObject({ tone: "danger", headline: "Not paid" });
    expect(answerWords({ kind: "not-found" })).toMatchObject({ tone: "danger", headline: "Ticket not found" });
    expect(answerWords({ kind: "undone", ticket })).toMatchObject({ tone: "neutral", headline: "Check-in undone: Thandi Nkosi, seat 2 of 3" });
    expect(answerWords({ kind: "not-checked-in", ticket }).tone).toBe("warning");
  });

  it("count seats", () => {
    expect(attendanceLabel({ checkedIn: 12, seats: 40 })).toBe("Checked in: 12 of 40 seats");
    expect(attendanceLabel({ checkedIn: 0, seats: 1 })).toBe("Checked in: 0 of 1 seat");
    expect(checkedInCell(2, 3)).toBe("2 of 3");
  });
});
