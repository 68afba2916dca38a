import { SA_TIME_ZONE, todayIn, UK_TIME_ZONE } from "~/lib/format.ts";

// How a meeting's time reads to a visitor (issue 17): in the zone they chose, with UK time
// beside it, because the consultants' day is in UK time. Pure and browser-safe: the booking
// page, the e-mails and the calendar files all say it the same way.

/** The zones a visitor can see the times in: South African time first (the default), then UK time. */
export const VISITOR_TIME_ZONES = [
  { value: SA_TIME_ZONE, label: "South African time" },
  { value: UK_TIME_ZONE, label: "UK time" },
  { value: "Europe/Dublin", label: "Irish time" },
  { value: "Europe/Amsterdam", label: "Central European time" },
  { value: "Asia/Dubai", label: "Gulf time" },
  { value: "Australia/Perth", label: "Western Australian time" },
  { value: "Australia/Sydney", label: "Eastern Australian time" },
  { value: "Pacific/Auckland", label: "New Zealand time" },
  { value: "America/Toronto", label: "Eastern Canadian time" },
  { value: "America/New_York", label: "US Eastern time" },
] as const;

export const DEFAULT_VISITOR_TIME_ZONE = SA_TIME_ZONE;

/** The visitor's zone from a query or form value: one of the offered zones, else South African time. */
export function visitorTimeZone(value: string | null | undefined): string {
  return VISITOR_TIME_ZONES.some((zone) => zone.value === value) ? value! : DEFAULT_VISITOR_TIME_ZONE;
}

/** "South African time"; another IANA zone by its city ("Harare time"). */
export function zoneLabel(timeZone: string): string {
  const known = VISITOR_TIME_ZONES.find((zone) => zone.value === timeZone);
  if (known) return known.label;
  return `${(timeZone.split("/").pop() ?? timeZone).replaceAll("_", " ")} time`;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string, kind: "clock" | "day" | "short-day" | "full-day"): Intl.DateTimeFormat {
  const key = `${timeZone}|${kind}`;
  let formatter = formats.get(key);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions =
      kind === "clock"
        ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }
        : kind === "day"
          ? { weekday: "long", day: "numeric", month: "long" }
          : kind === "short-day"
            ? { weekday: "short", day: "numeric", month: "short" }
            : { weekday: "long", day: "numeric", month: "long", year: "numeric" };
    formatter = new Intl.DateTimeFormat("en-GB", { ...options, timeZone });
    formats.set(key, formatter);
  }
  return formatter;
}

/** "14:00" in `timeZone`. */
export function clockIn(instant: Date, timeZone: string): string {
  return format(timeZone, "clock").format(instant);
}

/** "Tuesday 1 December" in `timeZone`. */
export function dayIn(instant: Date, timeZone: string): string {
  return format(timeZone, "day").format(instant).replace(",", "");
}

/** "Tue 1 Dec" in `timeZone`. */
export function shortDayIn(instant: Date, timeZone: string): string {
  return format(timeZone, "short-day").format(instant).replace(",", "");
}

/** "Tuesday 1 December 2026" in `timeZone`. */
export function fullDayIn(instant: Date, timeZone: string): string {
  return format(timeZone, "full-day").format(instant).replace(",", "");
}

/** "13:00 UK time", with the UK day when it differs from the visitor's ("23:00 UK time, Mon 30 Nov"); empty for a visitor on UK time. */
export function ukTimeBeside(instant: Date, timeZone: string): string {
  if (timeZone === UK_TIME_ZONE) return "";
  const sameDay = todayIn(UK_TIME_ZONE, instant) === todayIn(timeZone, instant);
  return `${clockIn(instant, UK_TIME_ZONE)} UK time${sameDay ? "" : `, ${shortDayIn(instant, UK_TIME_ZONE)}`}`;
}

/** "Tuesday 1 December 2026, 14:00 South African time (13:00 UK time)": how a booked time is written everywhere. */
export function meetingTimeText(instant: Date, timeZone: string): string {
  const uk = ukTimeBeside(instant, timeZone);
  return `${fullDayIn(instant, timeZone)}, ${clockIn(instant, timeZone)} ${zoneLabel(timeZone)}${uk ? ` (${uk})` : ""}`;
}
