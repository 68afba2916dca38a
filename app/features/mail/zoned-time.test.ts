import { describe, expect, it } from "vitest";
import { zonedWallTimeToUtc } from "./zoned-time.ts";

const iso = (date: Date) => date.toISOString();

describe("zonedWallTimeToUtc", () => {
  it("turns South African wall-clock time into UTC (UTC+2, all year)", () => {
    expect(iso(zonedWallTimeToUtc("2026-12-05", "18:00", "Africa/Johannesburg"))).toBe("2026-12-05T16:00:00.000Z");
    expect(iso(zonedWallTimeToUtc("2026-06-20", "09:30:00", "Africa/Johannesburg"))).toBe("2026-06-20T07:30:00.000Z");
  });

  it("crosses midnight backwards into the previous UTC day", () => {
    expect(iso(zonedWallTimeToUtc("2027-01-01", "01:00", "Africa/Johannesburg"))).toBe("2026-12-31T23:00:00.000Z");
  });

  it("follows British summer and winter time", () => {
    expect(iso(zonedWallTimeToUtc("2026-07-15", "18:00", "Europe/London"))).toBe("2026-07-15T17:00:00.000Z");
    expect(iso(zonedWallTimeToUtc("2026-01-15", "18:00", "Europe/London"))).toBe("2026-01-15T18:00:00.000Z");
  });

  it("moves a time that never happens (clocks go forward) past the gap", () => {
    // 29 March 2026, 01:30 does not exist in London: it is 02:30 BST = 01:30 UTC.
    expect(iso(zonedWallTimeToUtc("2026-03-29", "01:30", "Europe/London"))).toBe("2026-03-29T01:30:00.000Z");
  });

  it("takes the earlier of a time that happens twice (clocks go back)", () => {
    // 25 October 2026, 01:30 happens in BST (00:30 UTC) and again in GMT (01:30 UTC).
    expect(iso(zonedWallTimeToUtc("2026-10-25", "01:30", "Europe/London"))).toBe("2026-10-25T00:30:00.000Z");
  });

  it("handles a zone west of UTC and one with a half-hour offset", () => {
    expect(iso(zonedWallTimeToUtc("2026-07-04", "12:00", "America/New_York"))).toBe("2026-07-04T16:00:00.000Z");
    expect(iso(zonedWallTimeToUtc("2026-07-04", "12:00", "Asia/Kolkata"))).toBe("2026-07-04T06:30:00.000Z");
  });

  it("refuses what is not a date, a time or a zone", () => {
    expect(() => zonedWallTimeToUtc("2026-02-30", "18:00", "Africa/Johannesburg")).toThrow(RangeError);
    expect(() => zonedWallTimeToUtc("5 Dec 2026", "18:00", "Africa/Johannesburg")).toThrow(RangeError);
    expect(() => zonedWallTimeToUtc("2026-12-05", "24:00", "Africa/Johannesburg")).toThrow(RangeError);
    expect(() => zonedWallTimeToUtc("2026-12-05", "6pm", "Africa/Johannesburg")).toThrow(RangeError);
    expect(() => zonedWallTimeToUtc("2026-12-05", "18:00", "Mars/Olympus_Mons")).toThrow(RangeError);
  });
});
