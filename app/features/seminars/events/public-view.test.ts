import { describe, expect, it } from "vitest";
import { harbourviewCard } from "../testing/seminars.ts";
import { publicBookingSeminar, publicSeminarCard } from "./public-view.ts";

const card = harbourviewCard;

describe("what the browser is sent about a seminar", () => {
  it("gives cards the spots left, not the attendee counts", () => {
    const shown = publicSeminarCard(card);
    expect(shown.spotsLeft).toBe(18);
    expect(shown).not.toHaveProperty("currentAttendees");
    expect(shown).not.toHaveProperty("maxAttendees");
  });

  it("keeps the booking page's facts without the counts", () => {
    const shown = publicBookingSeminar({ ...card, isActive: true, organizerName: "Thula Relocations", bookable: true, spotsLeft: 18, cancelled: false });
    expect(shown).toMatchObject({ spotsLeft: 18, bookable: true, address: "12 Lagoon Drive" });
    expect(shown).not.toHaveProperty("currentAttendees");
    expect(shown).not.toHaveProperty("maxAttendees");
  });
});
