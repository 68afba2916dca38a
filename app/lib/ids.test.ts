import { describe, expect, it } from "vitest";
import { bookingReference, isRecordId } from "./ids.ts";

describe("record ids", () => {
  it("accept a UUID in any case, and nothing else", () => {
    expect(isRecordId("3f2a9c1b-0d4e-4f5a-8b6c-7d8e9f0a1b2c")).toBe(true);
    expect(isRecordId("3F2A9C1B-0D4E-4F5A-8B6C-7D8E9F0A1B2C")).toBe(true);
    for (const value of ["", "3f2a9c1b", "3f2a9c1b-0d4e-4f5a-8b6c-7d8e9f0a1b2c ", "not-an-id", 42, null, undefined]) expect(isRecordId(value)).toBe(false);
  });

  it("give a booking's short reference", () => {
    expect(bookingReference("3f2a9c1b-0d4e-4f5a-8b6c-7d8e9f0a1b2c")).toBe("3F2A9C1B");
  });
});
