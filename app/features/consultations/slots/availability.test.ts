import { describe, expect, it } from "vitest";
import { availableSlots, DEFAULT_WEEKLY_HOURS, slotsByDay, weekdayOf, type ConsultantCalendar, type Slot, type SlotRules } from "./availability.ts";

// Slot generation on known calendars: the UK's clock changes (South Africa has none), the
// edges of a working day and of the horizon, minimum notice, holidays, overrides, buffers,
// several consultants at one time, and a visitor in a third time zone.

const UK = "Europe/London";
const SA = "Africa/Johannesburg";

const rules = (overrides: Partial<SlotRules> = {}): SlotRules => ({
  durationMinutes: 60,
  stepMinutes: 60,
  bufferMinutes: 0,
  minNoticeMinutes: 24 * 60,
  horizonDays: 60,
  holidays: [],
  ...overrides,
});

const consultant = (overrides: Partial<ConsultantCalendar> = {}): ConsultantCalendar => ({
  id: "naledi",
  timeZone: UK,
  weekly: DEFAULT_WEEKLY_HOURS,
  overrides: [],
  busy: [],
  ...overrides,
});

const iso = (slots: readonly Slot[]) => slots.map((slot) => slot.start.toISOString());
const onDate = (slots: readonly Slot[], date: string, timeZone = UK) => slots.filter((slot) => slot.start.toLocaleDateString("en-CA", { timeZone }) === date);

describe("consultation slots", () => {
  it("offers Monday to Friday, 09:00 to 18:00 UK time for an hour's meeting, none at the weekend", () => {
    // Monday 2 November 2026, 08:00 UK (GMT): the first day with 24 hours' notice is Tuesday.
    const slots = availableSlots([consultant()], rules({ horizonDays: 7 }), new Date("2026-11-02T08:00:00Z"));
    const tuesday = onDate(slots, "2026-11-03");
    expect(iso(tuesday)).toEqual(["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00", "18:00"].map((time) => `2026-11-03T${time}:00.000Z`));
    // The last meeting ends at 19:00, the end of the day: none starts at 19:00.
    expect(tuesday.at(-1)!.end.toISOString()).toBe("2026-11-03T19:00:00.000Z");
    expect(onDate(slots, "2026-11-07")).toEqual([]);
    expect(onDate(slots, "2026-11-08")).toEqual([]);
    expect(weekdayOf("2026-11-08")).toBe(7);
  });

  it("keeps 09:00 UK time across the UK's clock changes: 11:00 in Johannesburg in winter, 10:00 in summer", () => {
    // The clocks go forward on Sunday 29 March 2026 and back on Sunday 25 October 2026.
    const spring = availableSlots([consultant()], rules({ horizonDays: 10 }), new Date("2026-03-25T12:00:00Z"));
    expect(onDate(spring, "2026-03-27")[0]!.start.toISOString()).toBe("2026-03-27T09:00:00.000Z");
    expect(onDate(spring, "2026-03-30")[0]!.start.toISOString()).toBe("2026-03-30T08:00:00.000Z");
    expect(onDate(spring, "2026-03-30")[0]!.start.toLocaleTimeString("en-GB", { timeZone: SA, hour: "2-digit", minute: "2-digit" })).toBe("10:00");
    const autumn = availableSlots([consultant()], rules({ horizonDays: 10 }), new Date("2026-10-21T12:00:00Z"));
    expect(onDate(autumn, "2026-10-23")[0]!.start.toISOString()).toBe("2026-10-23T08:00:00.000Z");
    expect(onDate(autumn, "2026-10-26")[0]!.start.toISOString()).toBe("2026-10-26T09:00:00.000Z");
    expect(onDate(autumn, "2026-10-26")).toHaveLength(10);
  });

  it("never offers a wall-clock time twice on the night the clocks change, nor one that does not exist", () => {
    const nightOwl = consultant({ weekly: { 7: [{ start: "00:00", end: "04:00" }] } });
    const spring = onDate(availableSlots([nightOwl], rules({ minNoticeMinutes: 0, horizonDays: 5 }), new Date("2026-03-27T00:00:00Z")), "2026-03-29");
    // 01:00 does not happen that night: 00:00 GMT, then 02:00 and 03:00 BST.
    expect(iso(spring)).toEqual(["2026-03-29T00:00:00.000Z", "2026-03-29T01:00:00.000Z", "2026-03-29T02:00:00.000Z"]);
    const autumn = onDate(availableSlots([nightOwl], rules({ minNoticeMinutes: 0, horizonDays: 5 }), new Date("2026-10-23T00:00:00Z")), "2026-10-25");
    // 01:00 happens twice that night: the earlier one is offered, once.
    expect(iso(autumn)).toEqual(["2026-10-24T23:00:00.000Z", "2026-10-25T00:00:00.000Z", "2026-10-25T02:00:00.000Z", "2026-10-25T03:00:00.000Z"]);
    expect(new Set(iso(autumn)).size).toBe(autumn.length);
  });

  it("starts after the minimum notice and stops at the horizon", () => {
    // Tuesday 3 November 2026, 10:30 UK: 24 hours' notice leaves Wednesday from 11:00.
    const now = new Date("2026-11-03T10:30:00Z");
    const slots = availableSlots([consultant()], rules({ horizonDays: 3 }), now);
    expect(slots[0]!.start.toISOString()).toBe("2026-11-04T11:00:00.000Z");
    // Three days on is Friday 10:30: the last slot starts at 10:00.
    expect(slots.at(-1)!.start.toISOString()).toBe("2026-11-06T10:00:00.000Z");
    expect(availableSlots([consultant()], rules({ horizonDays: 1 }), now)).toEqual([]);
  });

  it("gives no slot on a UK or a South African public holiday, or on a day off, and other hours on an overridden day", () => {
    const holidays = [
      { timeZone: UK, dates: new Set(["2026-12-25", "2026-12-28"]) },
      { timeZone: SA, dates: new Set(["2026-12-16"]) },
    ];
    const calendar = consultant({
      overrides: [
        { date: "2026-12-17", spans: [] },
        { date: "2026-12-18", spans: [{ start: "13:00", end: "15:00" }] },
        { date: "2026-12-19", spans: [{ start: "10:00", end: "12:00" }] },
      ],
    });
    const slots = availableSlots([calendar], rules({ horizonDays: 30, holidays }), new Date("2026-12-10T12:00:00Z"));
    for (const dayOff of ["2026-12-16", "2026-12-17", "2026-12-25", "2026-12-28"]) expect(onDate(slots, dayOff)).toEqual([]);
    expect(iso(onDate(slots, "2026-12-18"))).toEqual(["2026-12-18T13:00:00.000Z", "2026-12-18T14:00:00.000Z"]);
    // An override can open a Saturday.
    expect(iso(onDate(slots, "2026-12-19"))).toEqual(["2026-12-19T10:00:00.000Z", "2026-12-19T11:00:00.000Z"]);
    expect(onDate(slots, "2026-12-15")).toHaveLength(10);
  });

  it("keeps the buffer free around every meeting already taken", () => {
    const busy = [{ start: new Date("2026-11-04T12:00:00Z"), end: new Date("2026-11-04T13:00:00Z") }];
    const wednesday = (bufferMinutes: number) =>
      onDate(availableSlots([consultant({ busy })], rules({ horizonDays: 5, bufferMinutes }), new Date("2026-11-02T08:00:00Z")), "2026-11-04").map((slot) => slot.start.toISOString().slice(11, 16));
    expect(wednesday(0)).toEqual(["09:00", "10:00", "11:00", "13:00", "14:00", "15:00", "16:00", "17:00", "18:00"]);
    // Fifteen minutes either side: 11:00 would end as the buffer begins, 13:00 would start inside it.
    expect(wednesday(15)).toEqual(["09:00", "10:00", "14:00", "15:00", "16:00", "17:00", "18:00"]);
  });

  it("keeps free after a meeting the time it was booked with, whatever today's buffer", () => {
    const meeting = { start: new Date("2026-11-04T12:00:00Z"), end: new Date("2026-11-04T13:00:00Z") };
    const wednesday = (blockedUntil: string) =>
      onDate(
        availableSlots([consultant({ busy: [{ ...meeting, blockedUntil: new Date(blockedUntil) }] })], rules({ horizonDays: 5, bufferMinutes: 15, stepMinutes: 30 }), new Date("2026-11-02T08:00:00Z")),
        "2026-11-04",
      ).map((slot) => slot.start.toISOString().slice(11, 16));
    // Booked with no buffer: 13:00 is free at once. Booked with 45 minutes: 13:30 is not, 14:00 is.
    expect(wednesday("2026-11-04T13:00:00Z")).toContain("13:00");
    expect(wednesday("2026-11-04T13:45:00Z")).not.toContain("13:30");
    expect(wednesday("2026-11-04T13:45:00Z")).toContain("14:00");
    // Before a meeting, today's buffer applies: 11:00 would end at 12:00, inside the 15 minutes.
    expect(wednesday("2026-11-04T13:00:00Z")).not.toContain("11:00");
  });

  it("shows a time once however many consultants are free then, naming each; a taken hour stays open with the other", () => {
    const busy = [{ start: new Date("2026-11-04T09:00:00Z"), end: new Date("2026-11-04T10:00:00Z") }];
    const slots = availableSlots(
      [consultant({ id: "naledi", busy }), consultant({ id: "pieter", weekly: { 3: [{ start: "08:00", end: "10:00" }] } })],
      rules({ horizonDays: 5 }),
      new Date("2026-11-02T08:00:00Z"),
    );
    const wednesday = onDate(slots, "2026-11-04");
    expect(wednesday.slice(0, 3).map((slot) => [slot.start.toISOString().slice(11, 16), slot.consultantIds])).toEqual([
      ["08:00", ["pieter"]],
      ["09:00", ["pieter"]],
      ["10:00", ["naledi"]],
    ]);
    expect(new Set(iso(slots)).size).toBe(slots.length);
  });

  it("offers a free ten-minute call every fifteen minutes, the last ending by 19:00", () => {
    const slots = availableSlots([consultant()], rules({ durationMinutes: 10, stepMinutes: 15, horizonDays: 5 }), new Date("2026-11-02T08:00:00Z"));
    const tuesday = onDate(slots, "2026-11-03");
    expect(tuesday).toHaveLength(40);
    expect(tuesday.at(-1)!.start.toISOString()).toBe("2026-11-03T18:45:00.000Z");
    expect(tuesday.at(-1)!.end.toISOString()).toBe("2026-11-03T18:55:00.000Z");
  });

  it("groups slots by the visitor's own calendar day, in a third time zone too", () => {
    const slots = availableSlots([consultant()], rules({ horizonDays: 5 }), new Date("2026-11-02T08:00:00Z"));
    // In Perth (UTC+8) 16:00, 17:00 and 18:00 UK time on Tuesday are 00:00, 01:00 and 02:00 on Wednesday.
    const perth = slotsByDay(slots, "Australia/Perth");
    const wednesdayInPerth = perth.find((day) => day.date === "2026-11-04")!;
    expect(iso(wednesdayInPerth.slots.slice(0, 3))).toEqual(["2026-11-03T16:00:00.000Z", "2026-11-03T17:00:00.000Z", "2026-11-03T18:00:00.000Z"]);
    expect(perth.map((day) => day.date)).toEqual([...perth.map((day) => day.date)].sort());
    const durban = slotsByDay(slots, SA);
    expect(durban.find((day) => day.date === "2026-11-03")!.slots[0]!.start.toLocaleTimeString("en-GB", { timeZone: SA, hour: "2-digit", minute: "2-digit" })).toBe("11:00");
  });
});
