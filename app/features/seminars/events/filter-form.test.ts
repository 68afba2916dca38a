import { describe, expect, it } from "vitest";
import { dateRangeLabel, draftFromFilters, locationSummary, searchForDraft, searchWithoutDates } from "./filter-form.ts";

const today = "2026-11-22";
const empty = { q: "", locations: [], from: "", to: "" };

describe("searchForDraft", () => {
  it("leaves defaults out of the URL", () => {
    expect(searchForDraft(empty, today)).toBe("");
  });

  it("keeps search, locations and dates, and always starts at page 1", () => {
    expect(searchForDraft({ q: " Career ", locations: ["Durban", "Cape Town"], from: "2026-12-01", to: "2026-12-31" }, today)).toBe(
      "?q=Career&location=Durban&location=Cape+Town&from=2026-12-01&to=2026-12-31",
    );
  });

  it("repairs dates as the server would: none before today, bounds in order, half-typed ones dropped", () => {
    expect(searchForDraft({ ...empty, from: "2020-01-01" }, today)).toBe(`?from=${today}`);
    expect(searchForDraft({ ...empty, from: "2026-12-31", to: "2026-12-01" }, today)).toBe("?from=2026-12-01&to=2026-12-31");
    expect(searchForDraft({ ...empty, from: "0002-12-01" }, today)).toBe(`?from=${today}`);
    expect(searchForDraft({ ...empty, to: "2026-13-01" }, today)).toBe("");
  });
});

describe("draftFromFilters and searchWithoutDates", () => {
  const filters = { q: "x", locations: ["Durban"], from: "2026-12-01", to: undefined, page: 3 };

  it("turns missing dates into empty inputs", () => {
    expect(draftFromFilters(filters)).toEqual({ q: "x", locations: ["Durban"], from: "2026-12-01", to: "" });
  });

  it("drops the dates and the page", () => {
    expect(searchWithoutDates(filters)).toBe("?q=x&location=Durban");
  });
});

describe("trigger labels", () => {
  it("summarises the chosen locations", () => {
    expect(locationSummary([])).toBe("All locations");
    expect(locationSummary(["Durban"])).toBe("Durban");
    expect(locationSummary(["Durban", "Pretoria"])).toBe("Durban, Pretoria");
    expect(locationSummary(["Durban", "Pretoria", "Cape Town"])).toBe("Durban + 2 more");
  });

  it("shows the chosen range or 'Select dates'", () => {
    expect(dateRangeLabel("", "")).toBe("Select dates");
    expect(dateRangeLabel("2026-12-01", "2026-12-31")).toBe("1 Dec 2026 – 31 Dec 2026");
    expect(dateRangeLabel("2026-12-01", "2026-12-01")).toBe("1 Dec 2026");
    expect(dateRangeLabel("2026-12-01", "")).toBe("From 1 Dec 2026");
    expect(dateRangeLabel("", "2026-12-31")).toBe("Until 31 Dec 2026");
  });
});
