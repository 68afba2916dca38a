import { describe, expect, it } from "vitest";
import { adminActor, changesBetween, describeChange, parseActivityQuery } from "./rules.ts";

describe("changesBetween", () => {
  const before = { title: "Durban evening", maxAttendees: 30, phone: "+27 82 555 0123", seminarDate: "2030-03-01" };

  it("lists only the fields that changed, before → after", () => {
    expect(changesBetween(before, { ...before, maxAttendees: 40 }, { fields: ["title", "maxAttendees", "seminarDate"] })).toEqual({
      maxAttendees: { before: 30, after: 40 },
    });
    expect(changesBetween(before, before, { fields: ["title", "maxAttendees"] })).toBeUndefined();
    expect(changesBetween(before, { title: "Durban morning" }, { fields: ["title", "maxAttendees"] })).toEqual({ title: { before: "Durban evening", after: "Durban morning" } });
  });

  it("records personal details as changed, never their values", () => {
    const changes = changesBetween(before, { ...before, phone: "+27 83 000 0000" }, { fields: ["phone"], personal: ["phone"] });
    expect(changes).toEqual({ phone: { changed: true } });
    expect(JSON.stringify(changes)).not.toContain("555");
  });

  it("reads as sentences", () => {
    expect(describeChange("maxAttendees", { before: 30, after: 40 })).toBe("Max attendees: 30 → 40");
    expect(describeChange("status", { before: "pending", after: "confirmed" })).toBe('Status: "pending" → "confirmed"');
    expect(describeChange("address", { before: null, after: "1 Long St" })).toBe('Address: (empty) → "1 Long St"');
    expect(describeChange("email", { changed: true })).toBe("Email changed");
  });
});

describe("the activity screen", () => {
  it("names an admin by name, or by e-mail while they have none", () => {
    expect(adminActor({ id: "a", name: "Thandi", email: "t@x.example" })).toEqual({ id: "a", name: "Thandi", email: "t@x.example" });
    expect(adminActor({ id: "a", name: " ", email: "t@x.example" }).name).toBe("t@x.example");
  });

  it("reads its filters from the URL and ignores what it does not know", () => {
    expect(parseActivityQuery(new URLSearchParams("type=seminar&actor=a1&q=  Durban &page=3"))).toEqual({ entityType: "seminar", entityId: undefined, actorId: "a1", q: "Durban", position: { from: "first" } });
    expect(parseActivityQuery(new URLSearchParams("type=nope&entity=x' or 1=1&page=-2&q=%00"))).toEqual({ entityType: undefined, entityId: undefined, actorId: undefined, q: "", position: { from: "first" } });
    const booking = "6f1c7a1e-8a52-4d43-9a55-5d0b1f0e2b11";
    expect(parseActivityQuery(new URLSearchParams(`type=seminar_booking&entity=${booking}`))).toMatchObject({ entityType: "seminar_booking", entityId: booking });
  });
});
