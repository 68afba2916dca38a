import { describe, expect, it } from "vitest";
import { dueReminder, lookAheadDays, reminderDedupeKey, reminderMark, seminarStart } from "./reminders.ts";

const HOUR = 60 * 60 * 1000;
// 18:00 in Johannesburg (UTC+2, no summer time) is 16:00 UTC.
const start = seminarStart({ seminarDate: "2026-12-05", seminarTime: "18:00:00" });
const hoursBefore = (hours: number) => new Date(start.getTime() - hours * HOUR);
const offsets = [72, 24];

describe("seminar reminders", () => {
  it("reads the seminar's date and time as South African wall-clock time", () => {
    expect(start.toISOString()).toBe("2026-12-05T16:00:00.000Z");
    expect(seminarStart({ seminarDate: "2026-12-05", seminarTime: "09:30" }).toISOString()).toBe("2026-12-05T07:30:00.000Z");
    expect(reminderMark(start, 72).toISOString()).toBe("2026-12-02T16:00:00.000Z");
  });

  it("is due once its mark has passed: the 72 h one 71 hours before, none 100 hours before", () => {
    const booking = { createdAt: hoursBefore(200) };
    expect(dueReminder(booking, start, offsets, hoursBefore(100))).toBeUndefined();
    expect(dueReminder(booking, start, offsets, hoursBefore(72))).toBe(72);
    expect(dueReminder(booking, start, offsets, hoursBefore(71))).toBe(72);
    expect(dueReminder(booking, start, offsets, hoursBefore(23))).toBe(24);
  });

  it("sends only the latest reminder due: a 72 h one missed while nothing ran is not sent beside the 24 h one", () => {
    expect(dueReminder({ createdAt: hoursBefore(200) }, start, offsets, hoursBefore(20))).toBe(24);
  });

  it("is never due at or after the start", () => {
    const booking = { createdAt: hoursBefore(200) };
    expect(dueReminder(booking, start, offsets, start)).toBeUndefined();
    expect(dueReminder(booking, start, offsets, new Date(start.getTime() + HOUR))).toBeUndefined();
    expect(dueReminder(booking, start, offsets, new Date(start.getTime() - 1))).toBe(24);
  });

  it("skips a reminder whose mark came before the booking: booked 10 hours before, neither; booked 50 hours before, only the 24 h one", () => {
    expect(dueReminder({ createdAt: hoursBefore(10) }, start, offsets, hoursBefore(9))).toBeUndefined();
    expect(dueReminder({ createdAt: hoursBefore(50) }, start, offsets, hoursBefore(49))).toBeUndefined();
    expect(dueReminder({ createdAt: hoursBefore(50) }, start, offsets, hoursBefore(24))).toBe(24);
    expect(dueReminder({ createdAt: hoursBefore(72) }, start, offsets, hoursBefore(71))).toBe(72);
  });

  it("sends nothing when no offsets are set", () => {
    expect(dueReminder({ createdAt: hoursBefore(200) }, start, [], hoursBefore(1))).toBeUndefined();
  });

  it("keys each booking's reminder by its offset and reads far enough ahead", () => {
    expect(reminderDedupeKey(72, "b1")).toBe("seminar-reminder:72h:b1");
    expect(lookAheadDays([72, 24])).toBe(4);
    expect(lookAheadDays([2])).toBe(2);
  });
});
