import { zonedWallTimeToUtc } from "~/features/mail/zoned-time.ts";
import { SA_TIME_ZONE, todayIn } from "~/lib/format.ts";

// The business's months (docs/decisions/015, "Reports"): calendar months in South Africa,
// where the books are kept in rand. A month is named "2026-03" and covers the instants from
// midnight on its first day in Johannesburg to midnight on the next month's first day.
// Pure and browser-safe.

/** "2026-03". */
export type MonthKey = `${number}-${string}`;

export type MonthRange = { month: MonthKey; from: Date; to: Date };

const monthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/;
const pad = (value: number) => String(value).padStart(2, "0");

function parts(month: MonthKey): { year: number; month: number } {
  const match = monthPattern.exec(month);
  if (!match) throw new RangeError(`Not a month: ${month}`);
  return { year: Number(match[1]), month: Number(match[2]) };
}

function key(year: number, month: number): MonthKey {
  return `${year}-${pad(month)}` as MonthKey;
}

/** A month typed in a URL ("2026-03"), or undefined for anything else. */
export function parseMonth(text: string | null | undefined): MonthKey | undefined {
  if (!text || !monthPattern.test(text)) return undefined;
  const year = Number(text.slice(0, 4));
  return year >= 2000 && year <= 2999 ? (text as MonthKey) : undefined;
}

/** The month that `instant` falls in, in South Africa. */
export function monthOf(instant: Date): MonthKey {
  return todayIn(SA_TIME_ZONE, instant).slice(0, 7) as MonthKey;
}

/** `month` moved by `count` months (negative: back). */
export function addMonths(month: MonthKey, count: number): MonthKey {
  const { year, month: number } = parts(month);
  const index = year * 12 + (number - 1) + count;
  return key(Math.floor(index / 12), (index % 12) + 1);
}

/** The instants [from, to) of a South African calendar month. */
export function monthRange(month: MonthKey): MonthRange {
  return {
    month,
    from: zonedWallTimeToUtc(`${month}-01`, "00:00", SA_TIME_ZONE),
    to: zonedWallTimeToUtc(`${addMonths(month, 1)}-01`, "00:00", SA_TIME_ZONE),
  };
}

/** The `count` months ending with `last`, oldest first. */
export function monthsEndingWith(last: MonthKey, count: number): MonthKey[] {
  return Array.from({ length: count }, (_, index) => addMonths(last, index - count + 1));
}

/** From `first` to `last` inclusive, newest first (the statement's month picker); empty when first is after last. */
export function monthsBetweenNewestFirst(first: MonthKey, last: MonthKey): MonthKey[] {
  const months: MonthKey[] = [];
  for (let month = last; month >= first; month = addMonths(month, -1)) months.push(month);
  return months;
}

const longLabel = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
const shortLabel = new Intl.DateTimeFormat("en-GB", { month: "short", year: "2-digit", timeZone: "UTC" });

const firstDay = (month: MonthKey) => {
  const { year, month: number } = parts(month);
  return new Date(Date.UTC(year, number - 1, 1));
};

/** "2026-03" → "March 2026". */
export function monthLabel(month: MonthKey): string {
  return longLabel.format(firstDay(month));
}

/** "2026-03" → "Mar 26" (the chart's axis). */
export function shortMonthLabel(month: MonthKey): string {
  return shortLabel.format(firstDay(month));
}
