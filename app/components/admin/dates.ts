// Dates on admin screens: en-GB, in South African time (the business's bookings and
// seminars run on it; docs/product.md §9.1), the same on the server and in the browser.

export const ADMIN_TIME_ZONE = "Africa/Johannesburg";

const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: ADMIN_TIME_ZONE });
const time = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: ADMIN_TIME_ZONE });
const dayTime = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: ADMIN_TIME_ZONE,
});

function toDate(value: Date | string | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** "5 Mar 2026"; `fallback` for a missing or unreadable value. */
export function formatAdminDate(value: Date | string | null | undefined, fallback = "—"): string {
  const date = toDate(value);
  return date ? day.format(date) : fallback;
}

/** "5 Mar 2026, 14:05" (South African time). */
export function formatAdminDateTime(value: Date | string | null | undefined, fallback = "—"): string {
  const date = toDate(value);
  return date ? dayTime.format(date) : fallback;
}

/** "14:05" (South African time); `fallback` for a missing or unreadable value. */
export function formatAdminTime(value: Date | string | null | undefined, fallback = "—"): string {
  const date = toDate(value);
  return date ? time.format(date) : fallback;
}
