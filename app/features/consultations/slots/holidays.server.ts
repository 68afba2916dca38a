import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { HolidayCalendar } from "./availability.ts";

// Public holidays, when no consultation is offered (issue 17, docs/decisions/035): England
// and Wales' bank holidays and South Africa's public holidays, from the `date-holidays`
// package (maintained, with both countries' rules, substitute days included). The package
// holds every country's rules and costs about 36 MB once loaded, more than the rest of a page
// view, so it runs in a short-lived worker thread that hands back the dates and ends; the
// dates (a few dozen a year) are kept.

/** Where each calendar's holidays are kept, and the package's name for it. */
export const HOLIDAY_REGIONS = [
  { country: "GB", state: "ENG", timeZone: "Europe/London", label: "UK (England and Wales)" },
  { country: "ZA", state: undefined, timeZone: "Africa/Johannesburg", label: "South Africa" },
] as const;

type Region = (typeof HOLIDAY_REGIONS)[number];
type YearDates = Record<string, string[]>;

// Runs in the worker: the package's public holidays of each region and year, as "YYYY-MM-DD".
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const Holidays = require(workerData.packagePath);
const out = {};
for (const region of workerData.regions) {
  const calendar = region.state ? new Holidays(region.country, region.state) : new Holidays(region.country);
  const dates = [];
  for (const year of workerData.years) {
    for (const holiday of calendar.getHolidays(year) || []) if (holiday.type === "public") dates.push(holiday.date.slice(0, 10));
  }
  out[region.country] = dates;
}
parentPort.postMessage(out);
`;

const cache = new Map<number, YearDates>();

function inWorker(years: readonly number[], regions: readonly Region[]): Promise<YearDates> {
  const packagePath = createRequire(import.meta.url).resolve("date-holidays");
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerSource, { eval: true, workerData: { packagePath, years, regions: regions.map(({ country, state }) => ({ country, state })) } });
    worker.once("message", (dates: YearDates) => {
      resolve(dates);
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => code !== 0 && reject(new Error(`The holidays worker ended with code ${code}`)));
  });
}

/** The public holidays of the given years, one calendar per region, read once per year and kept. */
export async function publicHolidays(years: readonly number[]): Promise<HolidayCalendar[]> {
  const missing = [...new Set(years)].filter((year) => !cache.has(year));
  if (missing.length > 0) {
    const found = await inWorker(missing, HOLIDAY_REGIONS);
    for (const year of missing) {
      cache.set(year, Object.fromEntries(HOLIDAY_REGIONS.map((region) => [region.country, (found[region.country] ?? []).filter((date) => date.startsWith(`${year}-`))])));
    }
  }
  return HOLIDAY_REGIONS.map((region) => ({
    timeZone: region.timeZone,
    dates: new Set(years.flatMap((year) => cache.get(year)?.[region.country] ?? [])),
  }));
}
