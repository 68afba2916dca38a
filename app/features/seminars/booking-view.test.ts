import { describe, expect, it } from "vitest";
import { resultCountLabel, saClockTime, spotsRemainingLabel } from "./booking-view.ts";

describe("spotsRemainingLabel", () => {
  it("counts seats, and says fully booked at none", () => {
    expect(spotsRemainingLabel(12)).toBe("12 spots remaining");
    expect(spotsRemainingLabel(1)).toBe("1 spot remaining");
    expect(spotsRemainingLabel(0)).toBe("Fully booked");
    expect(spotsRemainingLabel(-2)).toBe("Fully booked");
  });
});

describe("saClockTime", () => {
  it("shows the South African wall-clock time (UTC+2)", () => {
    expect(saClockTime("2026-11-22T16:42:10.000Z")).toBe("18:42");
    expect(saClockTime(new Date("2026-11-22T22:05:00Z"))).toBe("00:05");
  });

  it("is undefined for anything that is not an instant", () => {
    expect(saClockTime("soon")).toBeUndefined();
  });
});

describe("resultCountLabel", () => {
  it("says how many events match and which are shown", () => {
    expect(resultCountLabel(0, 1, 6)).toBe("No upcoming events found");
    expect(resultCountLabel(1, 1, 6)).toBe("1 upcoming event");
    expect(resultCountLabel(6, 1, 6)).toBe("6 upcoming events");
    expect(resultCountLabel(11, 1, 6)).toBe("Showing 1–6 of 11 upcoming events");
    expect(resultCountLabel(11, 2, 6)).toBe("Showing 7–11 of 11 upcoming events");
  });
});
