import { describe, expect, it } from "vitest";
import { keysetCountLabel, listPosition, positionParams } from "./keyset.ts";

const position = (search: string) => listPosition(new URLSearchParams(search));

describe("listPosition", () => {
  it("reads ?after=, ?before= and ?last=1, and anything else as the first page", () => {
    expect(position("")).toEqual({ from: "first" });
    expect(position("after=MjAyNi0_x")).toEqual({ from: "after", cursor: "MjAyNi0_x" });
    expect(position("before=abc-1")).toEqual({ from: "before", cursor: "abc-1" });
    expect(position("last=1")).toEqual({ from: "last" });
    // An older link's page number, a cursor that is not base64url, or one far too long.
    for (const search of ["page=3", "after=%27%20or%201%3D1", "before=a%2Bb", `after=${"a".repeat(201)}`, "last=yes", "after="]) {
      expect(position(search), search).toEqual({ from: "first" });
    }
  });

  it("writes a position back as URL parameters, clearing the others", () => {
    expect(positionParams({ from: "after", cursor: "c" })).toEqual({ after: "c", before: null, last: null });
    expect(positionParams({ from: "last" })).toEqual({ after: null, before: null, last: "1" });
    expect(positionParams({ from: "first" })).toEqual({ after: null, before: null, last: null });
  });
});

describe("keysetCountLabel", () => {
  const noun = ["booking", "bookings"] as const;
  it("says how many are shown of how many match, '+' past the bound", () => {
    expect(keysetCountLabel(0, { count: 0, capped: false }, noun)).toBe("No bookings");
    expect(keysetCountLabel(1, { count: 1, capped: false }, noun)).toBe("Showing 1 of 1 booking");
    expect(keysetCountLabel(25, { count: 1234, capped: false }, noun)).toBe("Showing 25 of 1,234 bookings");
    expect(keysetCountLabel(25, { count: 10_000, capped: true }, noun)).toBe("Showing 25 of 10,000+ bookings");
  });
});
