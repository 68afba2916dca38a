import { describe, expect, it } from "vitest";
import { nextIndex, previousIndex, swipeDirection, SWIPE_THRESHOLD_PX, wrapIndex } from "./carousel-rules.ts";

describe("carousel index rules", () => {
  it("moves to the next slide and wraps from the last to the first", () => {
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(1, 3)).toBe(2);
    expect(nextIndex(2, 3)).toBe(0);
  });

  it("moves to the previous slide and wraps from the first to the last", () => {
    expect(previousIndex(2, 3)).toBe(1);
    expect(previousIndex(1, 3)).toBe(0);
    expect(previousIndex(0, 3)).toBe(2);
  });

  it("toggles between the two testimonials both ways", () => {
    expect(nextIndex(1, 2)).toBe(0);
    expect(previousIndex(0, 2)).toBe(1);
  });

  it("jumps straight to the slide of a dot and keeps a dot index in range", () => {
    expect(wrapIndex(2, 3)).toBe(2);
    expect(wrapIndex(0, 3)).toBe(0);
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(-7, 3)).toBe(2);
  });

  it("stays at 0 for an empty or single-slide carousel", () => {
    expect(nextIndex(0, 0)).toBe(0);
    expect(previousIndex(0, 0)).toBe(0);
    expect(nextIndex(0, 1)).toBe(0);
    expect(previousIndex(0, 1)).toBe(0);
    expect(wrapIndex(Number.NaN, 4)).toBe(0);
  });
});

describe("swipe threshold", () => {
  it("is 50px", () => {
    expect(SWIPE_THRESHOLD_PX).toBe(50);
  });

  it("does not move for less than 50px either way", () => {
    expect(swipeDirection(49)).toBeNull();
    expect(swipeDirection(-49)).toBeNull();
    expect(swipeDirection(0)).toBeNull();
    expect(swipeDirection(-49.9)).toBeNull();
  });

  it("moves at exactly 50px and beyond", () => {
    expect(swipeDirection(-50)).toBe("next");
    expect(swipeDirection(-51)).toBe("next");
    expect(swipeDirection(50)).toBe("previous");
    expect(swipeDirection(51)).toBe("previous");
  });

  it("reads a swipe left (finger moves towards negative x) as next, right as previous", () => {
    expect(swipeDirection(-200)).toBe("next");
    expect(swipeDirection(200)).toBe("previous");
  });

  it("honours a custom threshold", () => {
    expect(swipeDirection(-79, 80)).toBeNull();
    expect(swipeDirection(-80, 80)).toBe("next");
  });

  it("ignores a mostly vertical gesture (the visitor is scrolling)", () => {
    expect(swipeDirection(-60, 50, 120)).toBeNull();
    expect(swipeDirection(-60, 50, 30)).toBe("next");
  });

  it("ignores a gesture without a finite distance", () => {
    expect(swipeDirection(Number.NaN)).toBeNull();
    expect(swipeDirection(Number.POSITIVE_INFINITY)).toBeNull();
  });
});
