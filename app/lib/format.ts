// The one place money and dates are turned into text (docs/product.md §9).

export const SA_TIME_ZONE = "Africa/Johannesburg";
export const UK_TIME_ZONE = "Europe/London";

/**
 * Cents as a plain decimal with two places, the way a form field, a spreadsheet and
 * schema.org want money: 120000 → "1200.00", 5 → "0.05", -5 → "-0.05".
 */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const plainDecimal = /^\+?(\d*)(?:\.(\d*))?$/;

/**
 * A plain decimal as exact cents, read as text, never through a float ("0.29" is 29):
 * "1200" and "1200.00" → 120000, "1200.5" → 120050, "12.500" → 1250. Undefined for
 * anything else: a minus sign, separators ("1,200"), a currency, an exponent, or
 * digits other than zeros past the cents.
 */
export function decimalToCents(text: string): number | undefined {
  const match = plainDecimal.exec(text);
  if (!match) return undefined;
  const [, whole = "", fraction = ""] = match;
  if ((whole === "" && fraction === "") || /[1-9]/.test(fraction.slice(2))) return undefined;
  const cents = Number(whole || "0") * 100 + Number(fraction.slice(0, 2).padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : undefined;
}

/** ZAR cents → "R1200.00" (seminars and consultations). */
export function formatRand(cents: number): string {
  return cents < 0 ? `-R${centsToDecimal(-cents)}` : `R${centsToDecimal(cents)}`;
}

/**
 * A formatter made on first use, not when this module loads: creating one costs several
 * milliseconds (the first loads locale data), paid during hydration by pages that never format.
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const poundFormatter = onFirstUse(
  () => new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", maximumFractionDigits: 0, minimumFractionDigits: 0 }),
);

/** Whole pounds → "£2,499" (packages). */
export function formatPounds(pounds: number): string {
  return poundFormatter().format(pounds);
}

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date "YYYY-MM-DD" as a UTC instant, so formatting never shifts the day. */
function calendarDate(isoDate: string): Date | undefined {
  const match = isoDatePattern.exec(isoDate);
  if (!match) return undefined;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== isoDate ? undefined : date;
}

const longDate = onFirstUse(() => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }));
const shortDate = onFirstUse(() => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }));
const dayMonth = onFirstUse(() => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }));

/** "2026-12-05" → "5 December 2026"; undefined for anything that is not a real date. */
export function formatLongDate(isoDate: string): string | undefined {
  const date = calendarDate(isoDate);
  return date ? longDate().format(date) : undefined;
}

/** "2026-12-05" → "5 Dec 2026" (blog cards). */
export function formatShortDate(isoDate: string): string | undefined {
  const date = calendarDate(isoDate);
  return date ? shortDate().format(date) : undefined;
}

/** "2026-12-05" → "5 Dec" (compact blog cards). */
export function formatDayMonth(isoDate: string): string | undefined {
  const date = calendarDate(isoDate);
  return date ? dayMonth().format(date) : undefined;
}

/** "18:00:00" or "18:00" → "18:00". */
export function formatTime(time: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  return match ? `${match[1]!.padStart(2, "0")}:${match[2]}` : time;
}

/** One calendar-date formatter per time zone: building one costs over ten times using it. */
const calendarDayIn = new Map<string, Intl.DateTimeFormat>();

/** Today's calendar date "YYYY-MM-DD" in a time zone (South Africa by default). */
export function todayIn(timeZone: string = SA_TIME_ZONE, now: Date = new Date()): string {
  let formatter = calendarDayIn.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    calendarDayIn.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(now);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** Adds whole days to a calendar date "YYYY-MM-DD". */
export function addDays(isoDate: string, days: number): string {
  const date = calendarDate(isoDate);
  if (!date) throw new RangeError(`Not a calendar date: ${isoDate}`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

// Made on first use, like the formatters above.
let clock: Intl.DateTimeFormat | undefined;

/** An instant as the wall-clock time in South Africa, "18:42"; undefined when not a date. */
export function saClockTime(instant: string | Date): string | undefined {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return undefined;
  clock ??= new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: SA_TIME_ZONE });
  return clock.format(date);
}

/** An instant as South African wall-clock time, "2026-12-05 18:00" (CSVs and tables); "" for none or a bad date. */
export function saDateTime(instant: Date | string | null | undefined): string {
  if (!instant) return "";
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return "";
  return `${todayIn(SA_TIME_ZONE, date)} ${saClockTime(date)}`;
}

/** A phone number as a page shows it: its spaces non-breaking, so the number never wraps part-way (a tel: link keeps the E.164 form). */
export function phoneForDisplay(phone: string): string {
  return phone.replace(/ /g, "\u00a0");
}
