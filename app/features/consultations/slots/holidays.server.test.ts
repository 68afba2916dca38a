import { describe, expect, it } from "vitest";
import { publicHolidays } from "./holidays.server.ts";

// The public holidays consultations are not offered on, from the date-holidays package (run in
// a child process): both countries' own days, substitute days included, observances left out.

describe("public holidays", () => {
  it("knows England's bank holidays and South Africa's public holidays, substitute days included, and no observances", async () => {
    const [uk, za] = await publicHolidays([2026]);
    expect(uk!.timeZone).toBe("Europe/London");
    expect([...uk!.dates]).toEqual(expect.arrayContaining(["2026-01-01", "2026-04-03", "2026-04-06", "2026-05-04", "2026-05-25", "2026-08-31", "2026-12-25", "2026-12-26", "2026-12-28"]));
    // Mother's Day is an observance, not a day off; 16 June is South Africa's, not England's.
    expect(uk!.dates.has("2026-03-15")).toBe(false);
    expect(uk!.dates.has("2026-06-16")).toBe(false);
    expect(za!.timeZone).toBe("Africa/Johannesburg");
    expect([...za!.dates]).toEqual(expect.arrayContaining(["2026-03-21", "2026-04-27", "2026-06-16", "2026-08-10", "2026-09-24", "2026-12-16", "2026-12-26"]));
    expect(za!.dates.has("2026-07-18")).toBe(false);
  });

  it("reads several years at once, and each year's dates stay in their own year", async () => {
    const [uk] = await publicHolidays([2026, 2027]);
    expect(uk!.dates.has("2026-12-25")).toBe(true);
    expect(uk!.dates.has("2027-12-27")).toBe(true);
    const [only2027] = await publicHolidays([2027]);
    expect([...only2027!.dates].every((date) => date.startsWith("2027-"))).toBe(true);
  });
});
