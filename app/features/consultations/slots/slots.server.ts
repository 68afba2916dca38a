import { and, asc, eq, gte, inArray, isNotNull, lt, ne, notInArray, or, gt, isNull } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { consultantDateOverrides, consultantHours, consultants, consultationBookings } from "#db/schema/index.ts";
import type { ConsultationType } from "#db/schema/enums.ts";
import { addDays, formatTime, todayIn } from "~/lib/format.ts";
import { availableSlots, type ConsultantCalendar, type DateOverride, type HolidayCalendar, type Slot, type SlotRules, type Weekday, type WeeklyHours } from "./availability.ts";
import { publicHolidays } from "./holidays.server.ts";
import { CLOSED_STATUSES } from "../rules.ts";

// The slots the booking pages offer (docs/decisions/035): each active consultant who takes this
// type of consultation, their hours, overrides and the meetings they already have, turned into
// free times by the pure rules in availability.ts.

/** Durations and steps by type; the buffer, notice and horizon are the business's (settings). */
export type SlotSettings = { bufferMinutes: number; minNoticeHours: number; horizonDays: number };

export const SLOT_SHAPES: Record<ConsultationType, { durationMinutes: number; stepMinutes: number }> = {
  paid: { durationMinutes: 60, stepMinutes: 60 },
  free: { durationMinutes: 10, stepMinutes: 15 },
};

/** The consultants who take `type`, each with their hours, overrides and standing meetings in the window. */
export async function consultantCalendars(db: Db, type: ConsultationType, window: { from: Date; until: Date }, { moving }: SlotOptions = {}): Promise<ConsultantCalendar[]> {
  const active = await db
    .select({ id: consultants.id, timeZone: consultants.timeZone })
    .from(consultants)
    .where(and(eq(consultants.isActive, true), eq(type === "paid" ? consultants.takesPaid : consultants.takesFree, true)))
    .orderBy(asc(consultants.createdAt), asc(consultants.id));
  if (active.length === 0) return [];
  const ids = active.map((consultant) => consultant.id);
  // Dates in any zone the window can touch: a day either side is enough for every zone.
  const firstDate = addDays(todayIn("UTC", window.from), -1);
  const lastDate = addDays(todayIn("UTC", window.until), 1);
  const [hours, overrides, meetings] = await Promise.all([
    db.select().from(consultantHours).where(inArray(consultantHours.consultantId, ids)),
    db
      .select()
      .from(consultantDateOverrides)
      .where(and(inArray(consultantDateOverrides.consultantId, ids), gte(consultantDateOverrides.date, firstDate), lt(consultantDateOverrides.date, addDays(lastDate, 1)))),
    db
      .select({ consultantId: consultationBookings.consultantId, startsAt: consultationBookings.startsAt, endsAt: consultationBookings.endsAt, blockedUntil: consultationBookings.blockedUntil })
      .from(consultationBookings)
      .where(
        and(
          inArray(consultationBookings.consultantId, ids),
          notInArray(consultationBookings.status, [...CLOSED_STATUSES]),
          isNotNull(consultationBookings.startsAt),
          lt(consultationBookings.startsAt, window.until),
          gt(consultationBookings.blockedUntil, window.from),
          // A hold that has lapsed frees its time, even before the sweeper records it.
          or(isNull(consultationBookings.holdExpiresAt), eq(consultationBookings.isPaid, true), gt(consultationBookings.holdExpiresAt, window.from)),
          // A meeting being moved does not stand in its own way.
          moving ? ne(consultationBookings.id, moving) : undefined,
        ),
      ),
  ]);
  return active.map((consultant) => {
    const weekly: Record<number, { start: string; end: string }[]> = {};
    for (const row of hours.filter((hour) => hour.consultantId === consultant.id)) (weekly[row.weekday] ??= []).push({ start: formatTime(row.startTime), end: formatTime(row.endTime) });
    for (const spans of Object.values(weekly)) spans.sort((a, b) => a.start.localeCompare(b.start));
    const byDate = new Map<string, DateOverride>();
    for (const row of overrides.filter((override) => override.consultantId === consultant.id)) {
      const override = byDate.get(row.date) ?? { date: row.date, spans: [] };
      // A row without times is the day off: the date keeps no spans.
      const spans = row.startTime && row.endTime ? [...override.spans, { start: formatTime(row.startTime), end: formatTime(row.endTime) }] : override.spans;
      byDate.set(row.date, { date: row.date, spans });
    }
    return {
      id: consultant.id,
      timeZone: consultant.timeZone,
      weekly: weekly as WeeklyHours & Record<Weekday, { start: string; end: string }[]>,
      overrides: [...byDate.values()],
      // Each meeting with the time it keeps after it (its buffer when booked), as the database compares them.
      busy: meetings
        .filter((meeting) => meeting.consultantId === consultant.id)
        .map((meeting) => ({ start: meeting.startsAt!, end: meeting.endsAt!, blockedUntil: meeting.blockedUntil! })),
    };
  });
}

/** `moving`: the booking whose meeting is being moved; its own time counts as free. */
export type SlotOptions = { moving?: string };

/** Every slot of `type` a visitor can book now, earliest first. */
export async function slotsOffered(db: Db, type: ConsultationType, settings: SlotSettings, now = new Date(), options: SlotOptions = {}): Promise<Slot[]> {
  const until = new Date(now.getTime() + settings.horizonDays * 24 * 60 * 60_000);
  const calendars = await consultantCalendars(db, type, { from: now, until }, options);
  if (calendars.length === 0) return [];
  const years = [...new Set([now.getUTCFullYear(), until.getUTCFullYear()])];
  const holidays: HolidayCalendar[] = await publicHolidays(years);
  const rules: SlotRules = { ...SLOT_SHAPES[type], bufferMinutes: settings.bufferMinutes, minNoticeMinutes: settings.minNoticeHours * 60, horizonDays: settings.horizonDays, holidays };
  return availableSlots(calendars, rules, now);
}
