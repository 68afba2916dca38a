import { describe, expect, it } from "vitest";
import { logoSlice, thumbSlice } from "./rules.ts";

describe("a partner logo's slice of the logos image", () => {
  it("is the top of the image for the first logo, its bottom for the last, and evenly between", () => {
    expect([0, 1, 2, 3, 4].map((position) => logoSlice(position, 5))).toEqual(["50% 0%", "50% 25%", "50% 50%", "50% 75%", "50% 100%"]);
    expect(logoSlice(1, 3)).toBe("50% 50%");
    expect(logoSlice(0, 1)).toBe("50% 0%");
  });
});

describe("a service thumbnail's slice of the thumbnails image", () => {
  it("moves the image one slice's width to the left per card (the other axis keeps its default, centred)", () => {
    expect([0, 1, 2, 3, 4].map((position) => thumbSlice(position, 112))).toEqual(["0px", "-112px", "-224px", "-336px", "-448px"]);
  });
});
