import { describe, expect, it } from "vitest";
import { dateChangeText, weeklyHoursText } from "./rules.ts";
import { consultantSchema, dateOverrideSchema, isTimeZone } from "./schema.ts";

/** The form as a browser sends it: Monday to Friday 09:00–19:00 ticked, both kinds, taking bookings. */
function form(changes: Record<string, string | undefined> = {}) {
  const fields: Record<string, string | undefined> = { name: "Zanele Dube", email: "zanele@thula.example", timeZone: "Europe/London", meetingUrl: "", takesPaid: "on", takesFree: "on", isActive: "on" };
  for (let day = 1; day <= 7; day++) Object.assign(fields, { [`works${day}`]: day <= 5 ? "on" : undefined, [`start${day}`]: "09:00", [`end${day}`]: "19:00" });
  Object.assign(fields, changes);
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

const errorsOf = (values: Record<string, string>) => {
  const parsed = consultantSchema.safeParse(values);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("the consultant form", () => {
  it("reads the ticked days as one stretch each, in weekday order, and the boxes as yes or no", () => {
    const parsed = consultantSchema.parse(form({ works6: "on", start6: "10:00", end6: "13:30", takesFree: undefined, isActive: undefined, meetingUrl: " https://meet.example/zanele " }));
    expect(parsed).toEqual({
      name: "Zanele Dube",
      email: "zanele@thula.example",
      timeZone: "Europe/London",
      meetingUrl: "https://meet.example/zanele",
      takesPaid: true,
      takesFree: false,
      isActive: false,
      hours: [
        { weekday: 1, start: "09:00", end: "19:00" },
        { weekday: 2, start: "09:00", end: "19:00" },
        { weekday: 3, start: "09:00", end: "19:00" },
        { weekday: 4, start: "09:00", end: "19:00" },
        { weekday: 5, start: "09:00", end: "19:00" },
        { weekday: 6, start: "10:00", end: "13:30" },
      ],
    });
    expect(weeklyHoursText(parsed.hours)).toBe("Mon 09:00–19:00, Tue 09:00–19:00, Wed 09:00–19:00, Thu 09:00–19:00, Fri 09:00–19:00, Sat 10:00–13:30");
    expect(consultantSchema.parse(form({ meetingUrl: "" })).meetingUrl).toBeNull();
  });

  it("ignores the times of a day not ticked, and allows a week with no hours (a consultant on leave)", () => {
    const parsed = consultantSchema.parse(form({ works1: undefined, start1: "nonsense", works2: undefined, works3: undefined, works4: undefined, works5: undefined }));
    expect(parsed.hours).toEqual([]);
    expect(weeklyHoursText(parsed.hours)).toBe("No hours");
  });

  it("names each wrong field: a missing or impossible time, an end before its start, no kind taken, an unknown zone, a room that is not https", () => {
    expect(errorsOf(form({ start1: "", end2: "24:00", start3: "18:00", end3: "09:00", start4: "12:00", end4: "12:00" }))).toEqual({
      start1: "Please enter when Monday starts, like 09:00.",
      end2: "Please enter when Tuesday ends, like 19:00.",
      end3: "Wednesday must end after it starts.",
      end4: "Thursday must end after it starts.",
    });
    expect(errorsOf(form({ takesPaid: undefined, takesFree: undefined }))).toEqual({ takesPaid: "Please tick at least one kind of consultation this consultant takes." });
    expect(errorsOf(form({ timeZone: "Mars/Olympus" }))).toEqual({ timeZone: "Please choose the time zone the hours are in, such as Europe/London." });
    expect(errorsOf(form({ meetingUrl: "http://meet.example/zanele" }))).toEqual({ meetingUrl: "Please enter the meeting room's full address, starting with https://." });
    expect(errorsOf(form({ name: "\u200b ", email: "zanele" }))).toEqual({
      name: "Please enter the consultant's name.",
      email: "Please enter a valid e-mail address, like name@example.com.",
    });
  });

  it("knows a time zone by its IANA name, and nothing else", () => {
    expect(isTimeZone("Europe/London")).toBe(true);
    expect(isTimeZone("Africa/Johannesburg")).toBe(true);
    expect(isTimeZone("America/Argentina/Buenos_Aires")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("Europe/London; drop table")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});

describe("a date worked differently", () => {
  const errors = (values: Record<string, string>) => {
    const parsed = dateOverrideSchema.safeParse(values);
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
  };

  it("is a day off (its times ignored) or one stretch of other hours, with an optional note", () => {
    expect(dateOverrideSchema.parse({ date: "2026-12-24", kind: "off", start: "nonsense", end: "", note: " Christmas Eve " })).toEqual({ date: "2026-12-24", spans: [], note: "Christmas Eve" });
    expect(dateOverrideSchema.parse({ date: "2027-01-04", kind: "hours", start: "10:00", end: "14:00", note: "" })).toEqual({ date: "2027-01-04", spans: [{ start: "10:00", end: "14:00" }], note: null });
    expect(dateChangeText({ date: "2026-12-24", spans: [] })).toBe("Thursday 24 December 2026: day off");
    expect(dateChangeText({ date: "2027-01-04", spans: [{ start: "10:00", end: "14:00" }] })).toBe("Monday 4 January 2027: 10:00–14:00");
  });

  it("names what is wrong: a date that does not exist, no choice, times out of order", () => {
    expect(errors({ date: "2026-02-30", kind: "off" })).toEqual({ date: "Please enter the date, like 2026-12-24." });
    expect(errors({ date: "24/12/2026", kind: "off" })).toEqual({ date: "Please enter the date, like 2026-12-24." });
    expect(errors({ date: "2026-12-24", kind: "sometimes" })).toEqual({ kind: "Please choose a day off or different hours." });
    expect(errors({ date: "2026-12-24", kind: "hours", start: "14:00", end: "10:00" })).toEqual({ end: "The day must end after it starts." });
    expect(errors({ date: "2026-12-24", kind: "hours", start: "", end: "25:00" })).toEqual({ start: "Please enter when the day starts, like 10:00.", end: "Please enter when the day ends, like 14:00." });
  });
});
