import { describe, expect, it } from "vitest";
import { consultationListParams, statusChangeNote, typeLabel } from "./admin-schema.ts";

describe("consultationListParams", () => {
  it("reads search, type, statuses and the page's position from the URL, ignoring anything unknown", () => {
    expect(consultationListParams(new URLSearchParams(""))).toEqual({ q: "", type: "all", statuses: [], position: { from: "first" } });
    expect(consultationListParams(new URLSearchParams("q=%20nurse%20&type=free&status=closed&status=pending&status=bogus&after=abc_-1"))).toEqual({
      q: "nurse",
      type: "free",
      statuses: ["pending", "closed"],
      position: { from: "after", cursor: "abc_-1" },
    });
    // "Show All" ticked alongside a status (no JavaScript): the status wins.
    expect(consultationListParams(new URLSearchParams("status=all&status=confirmed")).statuses).toEqual(["confirmed"]);
    expect(consultationListParams(new URLSearchParams("type=vip&page=3&after=%27%20or%201%3D1"))).toMatchObject({ type: "all", position: { from: "first" } });
  });

  it("labels types by the rule of docs/product.md §4.4 and writes the status note", () => {
    expect([typeLabel("free"), typeLabel("FREE call"), typeLabel("paid")]).toEqual(["FREE", "FREE", "PAID"]);
    expect(statusChangeNote("confirmed")).toBe('Consultation status changed to "confirmed"');
  });
});
