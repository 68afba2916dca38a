import { describe, expect, it } from "vitest";
import { formProgressPercent, milestonesToReport, TRACKED_BOOKING_FIELDS } from "./form-progress.ts";

describe("formProgressPercent", () => {
  it("tracks the six fields of SPEC.md §3", () => {
    expect(TRACKED_BOOKING_FIELDS).toEqual(["firstName", "lastName", "email", "phone", "address", "notes"]);
  });

  it("is 0 for an empty form and ignores blank and untracked fields", () => {
    expect(formProgressPercent({})).toBe(0);
    expect(formProgressPercent({ firstName: "   ", preferredContact: "email" })).toBe(0);
  });

  it("reaches 50 at three filled fields and 100 at six", () => {
    expect(formProgressPercent({ firstName: "Thandi", lastName: "Dlamini" })).toBe(33);
    expect(formProgressPercent({ firstName: "Thandi", lastName: "Dlamini", email: "t@example.com" })).toBe(50);
    expect(
      formProgressPercent({ firstName: "T", lastName: "D", email: "t@example.com", phone: "082", address: "Durban", notes: "Hi" }),
    ).toBe(100);
  });
});

describe("milestonesToReport", () => {
  it("reports each milestone once", () => {
    expect(milestonesToReport(33, new Set())).toEqual([]);
    expect(milestonesToReport(50, new Set())).toEqual([50]);
    expect(milestonesToReport(100, new Set([50]))).toEqual([100]);
    expect(milestonesToReport(100, new Set())).toEqual([50, 100]);
    expect(milestonesToReport(100, new Set([50, 100]))).toEqual([]);
  });
});
