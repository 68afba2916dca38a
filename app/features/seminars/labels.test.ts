import { describe, expect, it } from "vitest";
import { resultCountLabel, spotsRemainingLabel } from "./labels.ts";

describe("spotsRemainingLabel", () => {
  it("counts seats, and says fully booked at none", () => {
    expect(spotsRemainingLabel(12)).toBe("12 spots remaining");
    expect(spotsRemainingLabel(1)).toBe("1 spot remaining");
    expect(spotsRemainingLabel(0)).toBe("Fully booked");
    expect(spotsRemainingLabel(-2)).toBe("Fully booked");
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
