import { describe, expect, it } from "vitest";
import { meetingTimeText, ukTimeBeside, visitorTimeZone, zoneLabel } from "./display.ts";

describe("how a meeting's time reads", () => {
  it("gives Durban's time with UK time beside it, across the UK's clock change", () => {
    // Winter (GMT): two hours apart; summer (BST): one.
    expect(meetingTimeText(new Date("2026-12-01T12:00:00Z"), "Africa/Johannesburg")).toBe("Tuesday 1 December 2026, 14:00 South African time (12:00 UK time)");
    expect(meetingTimeText(new Date("2027-06-08T12:00:00Z"), "Africa/Johannesburg")).toBe("Tuesday 8 June 2027, 14:00 South African time (13:00 UK time)");
  });

  it("says nothing beside UK time, and names the UK's day when it differs", () => {
    expect(meetingTimeText(new Date("2027-06-08T12:00:00Z"), "Europe/London")).toBe("Tuesday 8 June 2027, 13:00 UK time");
    expect(ukTimeBeside(new Date("2027-01-11T22:30:00Z"), "Australia/Sydney")).toBe("22:30 UK time, Mon 11 Jan");
  });

  it("keeps the visitor to the offered zones, and names any other zone by its city", () => {
    expect(visitorTimeZone("Asia/Dubai")).toBe("Asia/Dubai");
    expect(visitorTimeZone("Mars/Olympus")).toBe("Africa/Johannesburg");
    expect(visitorTimeZone(null)).toBe("Africa/Johannesburg");
    expect(zoneLabel("America/Los_Angeles")).toBe("Los Angeles time");
  });
});
