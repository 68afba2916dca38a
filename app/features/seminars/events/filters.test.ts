import { describe, expect, it } from "vitest";
import { changeEventFilters, eventFiltersToSearch, goToEventsPage, hasActiveFilters, pageCount, parseEventFilters } from "./filters.ts";

const today = "2026-11-22";
const parse = (query: string) => parseEventFilters(new URLSearchParams(query), today);

describe("parseEventFilters", () => {
  it("reads search, several locations, dates and the page", () => {
    expect(parse("q=%20Career%20&location=Durban&location=Cape+Town&from=2026-12-01&to=2026-12-31&page=2")).toEqual({
      q: "Career",
      locations: ["Durban", "Cape Town"],
      from: "2026-12-01",
      to: "2026-12-31",
      page: 2,
    });
  });

  it("defaults to everything from page 1", () => {
    expect(parse("")).toEqual({ q: "", locations: [], from: undefined, to: undefined, page: 1 });
  });

  it("never reaches before today and swaps reversed bounds", () => {
    expect(parse("from=2020-01-01").from).toBe(today);
    expect(parse("from=2026-12-31&to=2026-12-01")).toMatchObject({ from: "2026-12-01", to: "2026-12-31" });
  });

  it("drops impossible dates and bad pages", () => {
    expect(parse("from=2026-02-30&to=soon&page=-3")).toMatchObject({ from: undefined, to: undefined, page: 1 });
    expect(parse("page=abc").page).toBe(1);
    expect(parse("page=1e9").page).toBe(1);
  });

  it("limits what a hand-made URL can ask for", () => {
    expect(parse(`q=${"x".repeat(500)}`).q).toHaveLength(100);
    const many = Array.from({ length: 50 }, (_, n) => `location=City${n}`).join("&");
    expect(parse(many).locations).toHaveLength(20);
    expect(parse("location=Durban&location=Durban&location=").locations).toEqual(["Durban"]);
  });
});

describe("changing filters", () => {
  const onPage3 = { q: "uk", locations: ["Durban"], from: undefined, to: undefined, page: 3 };

  it("any change to the filters goes back to page 1", () => {
    expect(changeEventFilters(onPage3, { q: "career" }).page).toBe(1);
    expect(changeEventFilters(onPage3, { locations: [] }).page).toBe(1);
    expect(changeEventFilters(onPage3, { from: "2026-12-01", to: "2026-12-02" })).toMatchObject({ page: 1, q: "uk" });
  });

  it("moving between pages keeps the filters", () => {
    expect(goToEventsPage(onPage3, 4)).toEqual({ ...onPage3, page: 4 });
  });

  it("writes short, shareable URLs that read back the same", () => {
    const search = eventFiltersToSearch({ ...onPage3, from: "2026-12-01" });
    expect(search).toBe("?q=uk&location=Durban&from=2026-12-01&page=3");
    expect(parseEventFilters(new URLSearchParams(search), today)).toEqual({ ...onPage3, from: "2026-12-01" });
    expect(eventFiltersToSearch({ q: "", locations: [], page: 1 })).toBe("");
  });

  it("knows when any filter is set", () => {
    expect(hasActiveFilters(parse(""))).toBe(false);
    expect(hasActiveFilters(parse("page=2"))).toBe(false);
    expect(hasActiveFilters(parse("to=2026-12-01"))).toBe(true);
  });
});

describe("helpers", () => {
  it("counts pages of six, at least one", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(6)).toBe(1);
    expect(pageCount(7)).toBe(2);
  });
});
