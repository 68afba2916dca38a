import { describe, expect, it } from "vitest";
import { publicBookingSeminar, publicSeminarCard } from "./public-view.ts";

const card = {
  id: "6f1c7a1e-8a52-4d43-9a55-5d0b1f0e2b11",
  title: "Moving to the UK: Durban Information Evening",
  description: "An evening for movers.",
  city: "Durban",
  venueName: "Harbourview Hotel Umhlanga",
  address: "12 Lagoon Drive",
  location: "Harbourview Hotel Umhlanga, Durban",
  seminarDate: "2026-12-05",
  seminarTime: "18:00:00",
  priceCents: 120000,
  maxAttendees: 30,
  currentAttendees: 12,
};

describe("what the browser is sent about a seminar", () => {
  it("gives cards the spots left, not the attendee counts", () => {
    const shown = publicSeminarCard(card);
    expect(shown.spotsLeft).toBe(18);
    expect(shown).not.toHaveProperty("currentAttendees");
    expect(shown).not.toHaveProperty("maxAttendees");
  });

  it("keeps the booking page's facts without the counts", () => {
    const shown = publicBookingSeminar({ ...card, isActive: true, organizerName: "Thula Relocations", bookable: true, spotsLeft: 18 });
    expect(shown).toMatchObject({ spotsLeft: 18, bookable: true, address: "12 Lagoon Drive" });
    expect(shown).not.toHaveProperty("currentAttendees");
    expect(shown).not.toHaveProperty("maxAttendees");
  });
});
