import { describe, expect, it } from "vitest";
import { addMonths, monthLabel, monthOf, monthRange, monthsBetweenNewestFirst, monthsEndingWith, parseMonth, shortMonthLabel } from "./months.ts";

// The business's months are South African calendar months (UTC+2 all year).

describe("the business's months", () => {
  it("names the month an instant falls in, in Johannesburg", () => {
    expect(monthOf(new Date("2026-03-15T10:00:00Z"))).toBe("2026-03");
    // 22:30 UTC on 28 February is 00:30 on 1 March in Johannesburg.
    expect(monthOf(new Date("2026-02-28T22:30:00Z"))).toBe("2026-03");
    expect(monthOf(new Date("2026-02-28T21:59:59Z"))).toBe("2026-02");
    expect(monthOf(new Date("2026-12-31T22:00:00Z"))).toBe("2027-01");
    // 23:30 UTC on 31 March is already 1 April in Johannesburg.
    expect(monthOf(new Date("2026-03-31T23:30:00Z"))).toBe("2026-04");
  });

  it("covers a month from midnight on its first day to midnight on the next month's, in Johannesburg", () => {
    expect(monthRange("2026-03")).toEqual({ month: "2026-03", from: new Date("2026-02-28T22:00:00Z"), to: new Date("2026-03-31T22:00:00Z") });
    expect(monthRange("2026-12")).toEqual({ month: "2026-12", from: new Date("2026-11-30T22:00:00Z"), to: new Date("2026-12-31T22:00:00Z") });
  });

  it("moves across years both ways", () => {
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2026-03", -14)).toBe("2025-01");
    expect(monthsEndingWith("2026-02", 4)).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(monthsEndingWith("2026-03", 12)).toHaveLength(12);
    expect(monthsBetweenNewestFirst("2025-11", "2026-02")).toEqual(["2026-02", "2026-01", "2025-12", "2025-11"]);
    expect(monthsBetweenNewestFirst("2026-03", "2026-02")).toEqual([]);
  });

  it("reads only a real month from a URL", () => {
    expect(parseMonth("2026-03")).toBe("2026-03");
    for (const text of ["2026-13", "2026-00", "2026-3", "26-03", "2026-03-01", "", "1999-12", null, undefined, "2026-03 "]) expect(parseMonth(text)).toBeUndefined();
  });

  it("labels months in full for tables and short for the chart's axis", () => {
    expect(monthLabel("2026-03")).toBe("March 2026");
    expect(shortMonthLabel("2026-03")).toBe("Mar 26");
    expect(shortMonthLabel("2025-09")).toBe("Sept 25");
  });
});
