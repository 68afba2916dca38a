import { zonedWallTimeToUtc } from "~/features/mail/zoned-time.ts";
import { addDays, todayIn } from "~/lib/format.ts";

// Which times a consultation can be booked at (issue 17, docs/decisions/035). Pure and
// browser-safe: the caller reads each consultant's weekly hours, date overrides and meetings
// already taken, and the public holidays, and this turns them into slots. Hours are wall-clock
// times in the consultant's own zone (Europe/London by default), so a slot at 09:00 UK time
// is 11:00 in Johannesburg in winter and 10:00 in summer: the UK changes its clocks, South
// Africa does not.

/** ISO weekday: Monday is 1, Sunday 7. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** A stretch of working time, wall-clock in the consultant's zone: "09:00" to "19:00". */
export type Span = { start: string; end: string };

/** Working hours by weekday; a weekday left out is not worked. */
export type WeeklyHours = Partial<Record<Weekday, readonly Span[]>>;

/** One date worked differently: other hours, or none at all (a day off). */
export type DateOverride = { date: string; spans: readonly Span[] };

/** A stretch of time, from `start` up to (not including) `end`. */
export type Interval = { start: Date; end: Date };

/** A meeting already taken, and until when it keeps its consultant's time (its end plus the buffer set when it was booked). */
export type Meeting = Interval & { blockedUntil?: Date };

export type ConsultantCalendar = {
  id: string;
  timeZone: string;
  weekly: WeeklyHours;
  overrides: readonly DateOverride[];
  /** Meetings already held or booked: no slot may come within the buffer of one. */
  busy: readonly Meeting[];
};

/** Public holidays: dates ("2026-12-25") in the zone where they are kept. */
export type HolidayCalendar = { timeZone: string; dates: ReadonlySet<string> };

export type SlotRules = {
  durationMinutes: number;
  /** Slots start this often from the start of each working stretch. */
  stepMinutes: number;
  /** Free time kept before and after every meeting. */
  bufferMinutes: number;
  /** The earliest slot starts this long after now. */
  minNoticeMinutes: number;
  /** The last slot starts before now plus this many days. */
  horizonDays: number;
  /** A slot starting on a holiday of any of these calendars is not offered. */
  holidays: readonly HolidayCalendar[];
};

/** A time the visitor can book, and the consultants free then (the booking goes to one of them). */
export type Slot = { start: Date; end: Date; consultantIds: string[] };

/** The default week the site has always promised: Monday to Friday, 09:00–19:00 UK time. */
export const DEFAULT_WEEKLY_HOURS: WeeklyHours = Object.fromEntries(([1, 2, 3, 4, 5] as const).map((day) => [day, [{ start: "09:00", end: "19:00" }]]));

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const timePattern = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "09:30" → 570; "24:00" is the end of the day (1440). */
export function minutesOf(time: string): number {
  if (time === "24:00") return 24 * 60;
  const match = timePattern.exec(time);
  if (!match) throw new RangeError(`Not a time of day: ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** 570 → "09:30". */
export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** The ISO weekday of a calendar date ("2026-03-30" is a Monday: 1). */
export function weekdayOf(date: string): Weekday {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return (day === 0 ? 7 : day) as Weekday;
}

/** The hours worked on `date`: its override if it has one, else its weekday's. */
export function spansOn(calendar: Pick<ConsultantCalendar, "weekly" | "overrides">, date: string): readonly Span[] {
  return calendar.overrides.find((override) => override.date === date)?.spans ?? calendar.weekly[weekdayOf(date)] ?? [];
}

function isHoliday(start: Date, holidays: readonly HolidayCalendar[]): boolean {
  return holidays.some((calendar) => calendar.dates.has(todayIn(calendar.timeZone, start)));
}

/**
 * The slot [start, end) would come within the buffer of a meeting: before it by today's buffer,
 * after it until the time the meeting itself keeps (its blocked-until, when it has one). The
 * database's exclusion constraint compares exactly these, so a slot offered is one it takes.
 */
function overlapsBusy(start: number, end: number, busy: readonly Meeting[], bufferMs: number): boolean {
  return busy.some((meeting) => start < (meeting.blockedUntil?.getTime() ?? meeting.end.getTime() + bufferMs) && meeting.start.getTime() - bufferMs < end);
}

/** One consultant's free slots between `from` and `until` (start instants, ms). */
function consultantSlots(calendar: ConsultantCalendar, rules: SlotRules, from: number, until: number): Interval[] {
  const slots: Interval[] = [];
  const seen = new Set<number>();
  const durationMs = rules.durationMinutes * MINUTE_MS;
  const bufferMs = rules.bufferMinutes * MINUTE_MS;
  // Every date of the consultant's calendar the window touches.
  const last = todayIn(calendar.timeZone, new Date(until));
  for (let date = todayIn(calendar.timeZone, new Date(from)); date <= last; date = addDays(date, 1)) {
    for (const span of spansOn(calendar, date)) {
      const spanEnd = minutesOf(span.end);
      for (let minute = minutesOf(span.start); minute + rules.durationMinutes <= spanEnd; minute += rules.stepMinutes) {
        const start = zonedWallTimeToUtc(date, timeOf(minute), calendar.timeZone).getTime();
        const end = start + durationMs;
        // A wall-clock time the clocks skip lands on the next real one: never offer it twice.
        if (seen.has(start) || start < from || start >= until) continue;
        seen.add(start);
        if (isHoliday(new Date(start), rules.holidays) || overlapsBusy(start, end, calendar.busy, bufferMs)) continue;
        slots.push({ start: new Date(start), end: new Date(end) });
      }
    }
  }
  return slots;
}

/**
 * Every slot free with at least one consultant, from the minimum notice after `now` up to the
 * horizon, earliest first. A time several consultants have free is one slot naming them all.
 */
export function availableSlots(consultants: readonly ConsultantCalendar[], rules: SlotRules, now: Date): Slot[] {
  if (rules.durationMinutes <= 0 || rules.stepMinutes <= 0) throw new RangeError("A slot needs a duration and a step");
  const from = now.getTime() + rules.minNoticeMinutes * MINUTE_MS;
  const until = now.getTime() + rules.horizonDays * DAY_MS;
  const byStart = new Map<number, Slot>();
  for (const consultant of consultants) {
    for (const slot of consultantSlots(consultant, rules, from, until)) {
      const key = slot.start.getTime();
      const existing = byStart.get(key);
      if (existing) existing.consultantIds.push(consultant.id);
      else byStart.set(key, { ...slot, consultantIds: [consultant.id] });
    }
  }
  return [...byStart.values()].sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** Slots grouped by their calendar date in `timeZone` (the visitor's), dates in order. */
export function slotsByDay(slots: readonly Slot[], timeZone: string): { date: string; slots: Slot[] }[] {
  const days = new Map<string, Slot[]>();
  for (const slot of slots) {
    const date = todayIn(timeZone, slot.start);
    const day = days.get(date);
    if (day) day.push(slot);
    else days.set(date, [slot]);
  }
  return [...days.entries()].map(([date, daySlots]) => ({ date, slots: daySlots }));
}
