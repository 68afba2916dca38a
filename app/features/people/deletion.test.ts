import { describe, expect, it } from "vitest";
import { anonymiseSummary, bookingsPhrase, paidPhrase, refusalMessage } from "./deletion.ts";

describe("what 'Delete User' tells staff", () => {
  it("counts bookings of either kind, and the money on them", () => {
    expect(bookingsPhrase({ seminarBookings: 1, consultations: 1 })).toBe("2 bookings (1 seminar booking and 1 consultation)");
    expect(bookingsPhrase({ seminarBookings: 2, consultations: 0 })).toBe("2 seminar bookings");
    expect(bookingsPhrase({ seminarBookings: 0, consultations: 1 })).toBe("1 consultation");
    expect(paidPhrase({ paidCents: 120000, refundedCents: 0 })).toBe("R1200.00 paid");
    expect(paidPhrase({ paidCents: 120000, refundedCents: 20000 })).toBe("R1200.00 paid (R200.00 refunded)");
    expect(paidPhrase({ paidCents: 0, refundedCents: 0 })).toBe("nothing paid");
  });

  it("says before the confirmation that the details go and the bookings and payments stay", () => {
    const plan = { kind: "anonymise" as const, seminarBookings: 1, consultations: 1, paidCents: 120000, refundedCents: 0, queuedEmails: 0 };
    expect(anonymiseSummary("Thandi Nkosi", plan)).toBe(
      "Thandi Nkosi has 2 bookings (1 seminar booking and 1 consultation) and R1200.00 paid: their details will be anonymised, the bookings and payments kept.",
    );
    expect(anonymiseSummary("Thandi Nkosi", { ...plan, queuedEmails: 2 })).toContain("2 e-mails to them still waiting in the outbox will not be sent.");
  });

  it("says what to cancel first while a booking is under way", () => {
    expect(refusalMessage("Thandi Nkosi", { upcomingSeats: 0, openConsultations: 1 })).toBe(
      "Thandi Nkosi still has 1 consultation under way. Their details cannot be erased while a booking is under way: cancel the consultation (its details, Cancel consultation) first, then delete the contact.",
    );
  });
});
