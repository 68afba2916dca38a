import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { consultantHours, consultants } from "#db/schema/index.ts";
import { testEngine, useTestDatabase } from "../../../../tests/support/test-database.ts";
import { slotPicker } from "./picker.server.ts";
import type { SlotSettings } from "./slots.server.ts";

// The booking page's time picker, read from the database: a day asked for that has no free
// time shows the next day that has, as its notice says ("Here is the next day that has").

const database = useTestDatabase();
const settings: SlotSettings = { bufferMinutes: 15, minNoticeHours: 24, horizonDays: 14 };
// Monday 30 November 2026, 08:00 UK time (GMT).
const now = new Date("2026-11-30T08:00:00Z");

describe(`the time picker (${testEngine})`, () => {
  it("shows the day asked for, or after one without free times the next day that has them, saying so", async () => {
    const [naledi] = await database.db
      .insert(consultants)
      .values({ name: "Naledi Dube", email: `naledi.${randomBytes(4).toString("hex")}@thula.example`, calendarToken: randomBytes(18).toString("base64url") })
      .returning();
    await database.db.insert(consultantHours).values([1, 2, 3, 4, 5].map((weekday) => ({ consultantId: naledi!.id, weekday, startTime: "09:00", endTime: "19:00" })));
    const pick = (day: string | null) => slotPicker(database.db, "paid", settings, { tz: "Africa/Johannesburg", day }, now);

    const wednesday = await pick("2026-12-02");
    expect(wednesday.days[0]!.date).toBe("2026-12-01");
    expect({ day: wednesday.day?.date, gone: wednesday.dayGone }).toEqual({ day: "2026-12-02", gone: false });
    // Saturday has no hours: Monday is the next day with free times, not the first day listed.
    expect(await pick("2026-12-05").then((picker) => ({ day: picker.day?.date, gone: picker.dayGone }))).toEqual({ day: "2026-12-07", gone: true });
    // A day already past (an old link) shows the first day that has free times.
    expect(await pick("2026-11-27").then((picker) => ({ day: picker.day?.date, gone: picker.dayGone }))).toEqual({ day: "2026-12-01", gone: true });
    expect(await pick(null).then((picker) => ({ day: picker.day?.date, gone: picker.dayGone }))).toEqual({ day: "2026-12-01", gone: false });
  });
});
