import { describe, expect, it } from "vitest";
import { formProgressPercent, newMilestones, TRACKED_FORM_FIELDS } from "./form-progress.ts";

describe("formProgressPercent", () => {
  it("tracks the six booking fields of docs/product.md §11.8", () => {
    expect(TRACKED_FORM_FIELDS).toEqual(["firstName", "lastName", "email", "phone", "address", "notes"]);
  });

  it("is 0 for an empty form and ignores blank and untracked fields", () => {
    expect(formProgressPercent({})).toBe(0);
    expect(formProgressPercent({ firstName: "  \n ", preferredContact: "email", preferredTime: "morning", website: "x" })).toBe(0);
  });

  it("reaches 50 at three filled fields and 100 at all six", () => {
    expect(formProgressPercent({ firstName: "Thandi", lastName: "Nkosi" })).toBe(33);
    expect(formProgressPercent({ firstName: "Thandi", lastName: "Nkosi", email: "t@example.com" })).toBe(50);
    expect(formProgressPercent({ firstName: "T", lastName: "N", email: "t@example.com", phone: "082", address: "Durban" })).toBe(83);
    expect(formProgressPercent({ firstName: "T", lastName: "N", email: "t@example.com", phone: "082", address: "Durban", notes: "Hi" })).toBe(100);
  });
});

describe("newMilestones", () => {
  it("reports each threshold once, when first crossed", () => {
    expect(newMilestones(33, new Set())).toEqual([]);
    expect(newMilestones(50, new Set())).toEqual([50]);
    expect(newMilestones(83, new Set([50]))).toEqual([]);
    expect(newMilestones(100, new Set([50]))).toEqual([100]);
    expect(newMilestones(100, new Set())).toEqual([50, 100]);
    expect(newMilestones(100, new Set([50, 100]))).toEqual([]);
  });

  it("does not report again after the visitor clears fields and refills them", () => {
    const reported = new Set(newMilestones(50, new Set()));
    expect(newMilestones(16, reported)).toEqual([]);
    expect(newMilestones(50, reported)).toEqual([]);
  });
});
