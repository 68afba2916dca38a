// Turns a wall-clock time in a named time zone into an instant, using only Intl (no offsets
// hard-coded), so a seminar at 18:00 in Johannesburg is the right moment in every calendar.

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const timePattern = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;
const DAY_MS = 24 * 60 * 60 * 1000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time shown in timeZone at instant ms, written as if it were UTC. */
function wallClockAt(ms: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
}

/** The zone's offset from UTC at instant ms, in milliseconds (whole seconds). */
function offsetAt(ms: number, timeZone: string): number {
  const wholeSeconds = Math.floor(ms / 1000) * 1000;
  return wallClockAt(wholeSeconds, timeZone) - wholeSeconds;
}

/**
 * "2026-12-05", "18:00" in "Africa/Johannesburg" → 2026-12-05T16:00:00Z.
 * A time that happens twice (clocks go back) gives the earlier instant; a time that never
 * happens (clocks go forward) is moved forward by the gap, as calendar apps do.
 */
export function zonedWallTimeToUtc(date: string, time: string, timeZone: string): Date {
  const dateMatch = datePattern.exec(date);
  const timeMatch = timePattern.exec(time);
  if (!dateMatch || !timeMatch) throw new RangeError(`Not a date and time: ${date} ${time}`);
  const [year, month, day] = [Number(dateMatch[1]), Number(dateMatch[2]), Number(dateMatch[3])];
  const [hour, minute, second] = [Number(timeMatch[1]), Number(timeMatch[2]), Number(timeMatch[3] ?? 0)];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1 || hour > 23 || minute > 59 || second > 59) {
    throw new RangeError(`Not a date and time: ${date} ${time}`);
  }

  const offsetBefore = offsetAt(wall - DAY_MS, timeZone);
  const offsetAfter = offsetAt(wall + DAY_MS, timeZone);
  const candidates = [wall - offsetBefore, wall - offsetAfter].filter((ms) => wallClockAt(ms, timeZone) === wall);
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  return new Date(wall - offsetBefore);
}
