import { describe, expect, it } from "vitest";
import { addDays, centsToDecimal, decimalToCents, formatDayMonth, formatLongDate, formatPounds, formatRand, formatShortDate, formatTime, phoneForDisplay, saClockTime, todayIn } from "./format.ts";

describe("formatRand", () => {
  it("shows rand with two decimals and no separators", () => {
    expect(formatRand(120000)).toBe("R1200.00");
    expect(formatRand(349900)).toBe("R3499.00");
    expect(formatRand(5)).toBe("R0.05");
    expect(formatRand(123456789)).toBe("R1234567.89");
  });

  it("puts the minus before the R", () => {
    expect(formatRand(-5)).toBe("-R0.05");
  });
});

describe("centsToDecimal", () => {
  it("writes cents as a plain decimal with two places", () => {
    expect(centsToDecimal(0)).toBe("0.00");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(105)).toBe("1.05");
    expect(centsToDecimal(1999)).toBe("19.99");
    expect(centsToDecimal(120000)).toBe("1200.00");
    expect(centsToDecimal(123456789)).toBe("1234567.89");
  });

  it("keeps the sign of a negative amount and rounds a stray fraction of a cent", () => {
    expect(centsToDecimal(-5)).toBe("-0.05");
    expect(centsToDecimal(-120050)).toBe("-1200.50");
    expect(centsToDecimal(99.6)).toBe("1.00");
  });

  it("is read back by decimalToCents", () => {
    for (const cents of [0, 5, 105, 1999, 120000, 100_000_000]) expect(decimalToCents(centsToDecimal(cents))).toBe(cents);
  });
});

describe("decimalToCents", () => {
  it.each([
    ["1200", 120000],
    ["1200.5", 120050],
    ["1200.50", 120050],
    ["1200.00", 120000],
    ["0", 0],
    ["0.05", 5],
    ["1.05", 105],
    [".5", 50],
    ["7.", 700],
    ["+12", 1200],
    ["007", 700],
    ["12.500", 1250],
    // 0.29 * 100 is 28.999… as a float: the text is read digit by digit.
    ["0.29", 29],
    ["1.15", 115],
  ])("%j → %i cents", (text, cents) => {
    expect(decimalToCents(text)).toBe(cents);
  });

  it.each(["", ".", "+", "-1", "-0.5", "12.345", "1,200.00", "1,200", "1 200", " 12", "R1200", "1e3", "abc", "12.3.4", "9".repeat(20)])("refuses %j", (text) => {
    expect(decimalToCents(text)).toBeUndefined();
  });
});

describe("formatPounds", () => {
  it("shows whole pounds with a thousands separator", () => {
    expect(formatPounds(2499)).toBe("£2,499");
    expect(formatPounds(5999)).toBe("£5,999");
  });
});

describe("dates", () => {
  it("formats calendar dates in en-GB without shifting the day", () => {
    expect(formatLongDate("2026-12-05")).toBe("5 December 2026");
    expect(formatShortDate("2024-03-20")).toBe("20 Mar 2024");
    expect(formatDayMonth("2024-03-20")).toBe("20 Mar");
  });

  it("refuses what is not a real date", () => {
    expect(formatLongDate("2026-02-30")).toBeUndefined();
    expect(formatLongDate("not a date")).toBeUndefined();
  });

  it("trims seconds from times", () => {
    expect(formatTime("18:00:00")).toBe("18:00");
    expect(formatTime("9:30")).toBe("09:30");
  });

  it("knows today in South Africa, which can differ from UTC", () => {
    // 22:30 UTC on 31 Dec is already 1 January in Johannesburg (UTC+2).
    const instant = new Date("2026-12-31T22:30:00Z");
    expect(todayIn("Africa/Johannesburg", instant)).toBe("2027-01-01");
    expect(todayIn("Europe/London", instant)).toBe("2026-12-31");
  });

  it("adds days across month ends", () => {
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
});

describe("saClockTime", () => {
  it("shows the South African wall-clock time (UTC+2)", () => {
    expect(saClockTime("2026-11-22T16:42:10.000Z")).toBe("18:42");
    expect(saClockTime(new Date("2026-11-22T22:05:00Z"))).toBe("00:05");
  });

  it("is undefined for anything that is not an instant", () => {
    expect(saClockTime("soon")).toBeUndefined();
  });
});

describe("phoneForDisplay", () => {
  it("keeps a number on one line: every space becomes a non-breaking one", () => {
    expect(phoneForDisplay("+44 20 7946 0321")).toBe("+44\u00a020\u00a07946\u00a00321");
    expect(phoneForDisplay("+27315550142")).toBe("+27315550142");
  });
});
