import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import type { HolidayCalendar } from "./availability.ts";

// Public holidays, when no consultation is offered (issue 17, docs/decisions/035): England
// and Wales' bank holidays and South Africa's public holidays, from the `date-holidays`
// package (maintained, with both countries' rules, substitute days included). The package
// holds every country's rules and costs about 36 MB once loaded, more than the rest of a page
// view, so it runs in a short-lived child process that prints the dates and exits; the dates
// (a few dozen a year) are kept. Not a worker thread: one of those left about 30 MB of the
// server's memory behind after it ended (docs/decisions/037).

/** Where each calendar's holidays are kept, and the package's name for it. */
export const HOLIDAY_REGIONS = [
  { country: "GB", state: "ENG", timeZone: "Europe/London", label: "UK (England and Wales)" },
  { country: "ZA", state: undefined, timeZone: "Africa/Johannesburg", label: "South Africa" },
] as const;

type Region = (typeof HOLIDAY_REGIONS)[number];
type YearDates = Record<string, string[]>;

// Runs in the child: the package's public holidays of each region and year, as "YYYY-MM-DD".
const childSource = `
const input = JSON.parse(process.argv[1]);
const Holidays = require(input.packagePath);
const out = {};
for (const region of input.regions) {
  const calendar = region.state ? new Holidays(region.country, region.state) : new Holidays(region.country);
  const dates = [];
  for (const year of input.years) {
    for (const holiday of calendar.getHolidays(year) || []) if (holiday.type === "public") dates.push(holiday.date.slice(0, 10));
  }
  out[region.country] = dates;
}
process.stdout.write(JSON.stringify(out));
`;

/** A stuck child must not hold the booking page: it is ended after this. */
const CHILD_TIMEOUT_MS = 30_000;

const cache = new Map<number, YearDates>();

function inChildProcess(years: readonly number[], regions: readonly Region[]): Promise<YearDates> {
  const packagePath = createRequire(import.meta.url).resolve("date-holidays");
  const input = JSON.stringify({ packagePath, years, regions: regions.map(({ country, state }) => ({ country, state })) });
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ["-e", childSource, input], { timeout: CHILD_TIMEOUT_MS }, (error, stdout, stderr) => {
      // Not error.message: it repeats the whole command line.
      if (error) reject(new Error(`The holidays process ended with ${error.killed ? "a timeout" : `code ${error.code}`}: ${stderr.trim().split("\n")[0] ?? ""}`));
      else resolve(JSON.parse(stdout) as YearDates);
    });
  });
}

/** The public holidays of the given years, one calendar per region, read once per year and kept. */
export async function publicHolidays(years: readonly number[]): Promise<HolidayCalendar[]> {
  const missing = [...new Set(years)].filter((year) => !cache.has(year));
  if (missing.length > 0) {
    const found = await inChildProcess(missing, HOLIDAY_REGIONS);
    for (const year of missing) {
      cache.set(year, Object.fromEntries(HOLIDAY_REGIONS.map((region) => [region.country, (found[region.country] ?? []).filter((date) => date.startsWith(`${year}-`))])));
    }
  }
  return HOLIDAY_REGIONS.map((region) => ({
    timeZone: region.timeZone,
    dates: new Set(years.flatMap((year) => cache.get(year)?.[region.country] ?? [])),
  }));
}
