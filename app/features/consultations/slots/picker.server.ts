import type { Db } from "#db/client.ts";
import type { ConsultationType } from "#db/schema/enums.ts";
import { UK_TIME_ZONE } from "~/lib/format.ts";
import { slotsByDay } from "./availability.ts";
import { clockIn, dayIn, shortDayIn, ukTimeBeside, visitorTimeZone } from "./display.ts";
import { slotsOffered, type SlotOptions, type SlotSettings } from "./slots.server.ts";

// What the booking page's time picker shows (issue 17): the days with free times, in the
// visitor's zone, and the times of the day chosen, each with UK time beside it. Built on the
// server, so the page lists real times without JavaScript.

export type PickerDay = { date: string; label: string; count: number };
export type PickerTime = { value: string; clock: string; uk: string };

export type SlotPicker = {
  /** One of VISITOR_TIME_ZONES; its label and the zone list come from there. */
  timeZone: string;
  /** Every day with a free time, in order; empty when nothing can be booked online. */
  days: PickerDay[];
  /** The day shown: the one asked for when it has free times, else the next that has, else the first. */
  day?: { date: string; heading: string; times: PickerTime[] };
  /** The query asked for a day that has no free time (now taken, or never offered). */
  dayGone: boolean;
  /** How far ahead times are offered, in days. */
  horizonDays: number;
};

export async function slotPicker(db: Db, type: ConsultationType, settings: SlotSettings, query: { tz?: string | null; day?: string | null }, now = new Date(), options: SlotOptions = {}): Promise<SlotPicker> {
  const timeZone = visitorTimeZone(query.tz);
  const grouped = slotsByDay(await slotsOffered(db, type, settings, now, options), timeZone);
  const days = grouped.map(({ date, slots }) => ({ date, label: shortDayIn(slots[0]!.start, timeZone), count: slots.length }));
  // The day asked for, else the next one with free times (ISO dates compare as text), else the first.
  const asked = query.day ?? "";
  const chosen = grouped.find(({ date }) => date === asked) ?? grouped.find(({ date }) => date > asked) ?? grouped[0];
  return {
    timeZone,
    days,
    day: chosen && {
      date: chosen.date,
      heading: dayIn(chosen.slots[0]!.start, timeZone),
      times: chosen.slots.map((slot) => ({
        value: slot.start.toISOString(),
        clock: clockIn(slot.start, timeZone),
        uk: timeZone === UK_TIME_ZONE ? "" : ukTimeBeside(slot.start, timeZone),
      })),
    },
    dayGone: Boolean(query.day) && chosen?.date !== query.day,
    horizonDays: settings.horizonDays,
  };
}
