import { describe, expect, it } from "vitest";
import { containsPattern, likeLiteral, searchText } from "./search-text.ts";

describe("searchText", () => {
  it("removes NUL and other control characters, keeps the rest of the text as typed", () => {
    expect(searchText("\u0000", 100)).toBe("");
    expect(searchText("Johannes\u0000burg\u001b\u007f", 100)).toBe("Johannesburg");
    expect(searchText("  visa\tguide\r\n", 100)).toBe("visa guide");
    expect(searchText("' OR '1'='1 %_\\", 100)).toBe("' OR '1'='1 %_\\");
  });

  it("reads a missing value as no search and caps the length", () => {
    expect(searchText(null, 100)).toBe("");
    expect(searchText(undefined, 100)).toBe("");
    expect(searchText("x".repeat(150), 100)).toHaveLength(100);
  });
});

describe("LIKE patterns", () => {
  it("match search text literally", () => {
    expect(likeLiteral("100%_sure\\")).toBe("100\\%\\_sure\\\\");
    expect(containsPattern("100%_sure\\")).toBe("%100\\%\\_sure\\\\%");
    expect(containsPattern("Cape Town")).toBe("%Cape Town%");
  });
});
