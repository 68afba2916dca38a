import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { consultantDateOverrides, consultantHours, consultants, consultationBookings, users } from "#db/schema/index.ts";
import { testEngine, useTestDatabase } from "../../../../tests/support/test-database.ts";
import { insertSlotBooking, LAPSED_HOLD_REASON, SlotTakenError } from "./slot-queries.server.ts";
import { slotsOffered, type SlotSettings } from "./slots.server.ts";

// The slots offered, read from the database: each active consultant's weekly hours and date
// overrides, less their standing meetings (a lapsed hold frees its time), the holidays and
// the buffer; a consultant who does not take a type of call is not offered for it.

const database = useTestDatabase();
const settings: SlotSettings = { bufferMinutes: 15, minNoticeHours: 24, horizonDays: 14 };
// Monday 30 November 2026, 08:00 UK time (GMT).
const now = new Date("2026-11-30T08:00:00Z");
let counter = 0;

async function consultant(values: Partial<typeof consultants.$inferInsert> = {}, weekdays = [1, 2, 3, 4, 5]) {
  counter += 1;
  const [row] = await database.db
    .insert(consultants)
    .values({ name: `Consultant ${counter}`, email: `consultant.${counter}.${Date.now().toString(36)}@thula.example`, calendarToken: randomBytes(18).toString("base64url"), ...values })
    .returning();
  if (weekdays.length > 0) await database.db.insert(consultantHours).values(weekdays.map((weekday) => ({ consultantId: row!.id, weekday, startTime: "09:00", endTime: "19:00" })));
  return row!;
}

const times = (slots: { start: Date }[], date: string) =>
  slots.filter((slot) => slot.start.toISOString().startsWith(date)).map((slot) => slot.start.toISOString().slice(11, 16));

describe(`the slots offered (${testEngine})`, () => {
  it("come from the consultant's hours, less a day off, a meeting with its buffer and the holidays; a lapsed hold frees its hour", async () => {
    const { db } = database;
    const naledi = await consultant();
    await db.insert(consultantDateOverrides).values([
      { consultantId: naledi.id, date: "2026-12-02", note: "Training day" },
      { consultantId: naledi.id, date: "2026-12-04", startTime: "14:00", endTime: "16:00" },
    ]);
    const [person] = await db.insert(users).values({ firstName: "Thandi", lastName: "Nkosi", email: `slots.${Date.now().toString(36)}@example.co.za` }).returning();
    const meeting = (start: string, extra: Record<string, unknown> = {}) =>
      insertSlotBooking(db, {
        userId: person!.id,
        firstName: "Thandi",
        lastName: "Nkosi",
        email: person!.email,
        consultantId: naledi.id,
        startsAt: new Date(start),
        endsAt: new Date(new Date(start).getTime() + 3_600_000),
        blockedUntil: new Date(new Date(start).getTime() + 3_600_000 + 15 * 60_000),
        ...extra,
      });
    await meeting("2026-12-01T12:00:00Z", { isPaid: true, status: "confirmed" });
    // Held for a payment that never came: its hold lapsed an hour ago.
    await meeting("2026-12-03T12:00:00Z", { holdExpiresAt: new Date(now.getTime() - 3_600_000) });
    // Held for a payment still possible.
    await meeting("2026-12-07T12:00:00Z", { holdExpiresAt: new Date(now.getTime() + 20 * 60_000) });

    const slots = await slotsOffered(db, "paid", settings, now);
    // Tuesday: 24 hours' notice from Monday 08:00; 11:00 and 13:00 are within the meeting's buffer.
    expect(times(slots, "2026-12-01")).toEqual(["09:00", "10:00", "14:00", "15:00", "16:00", "17:00", "18:00"]);
    expect(times(slots, "2026-12-02")).toEqual([]);
    expect(times(slots, "2026-12-03")).toContain("12:00");
    expect(times(slots, "2026-12-04")).toEqual(["14:00", "15:00"]);
    expect(times(slots, "2026-12-07")).not.toContain("12:00");
    expect(times(slots, "2026-12-05")).toEqual([]);
    for (const slot of slots) expect(slot.consultantIds).toEqual([naledi.id]);
    // The UK's Christmas holidays are past the fortnight; with a longer horizon they are off.
    const longer = await slotsOffered(db, "paid", { ...settings, horizonDays: 40 }, now);
    expect(times(longer, "2026-12-25")).toEqual([]);
    expect(times(longer, "2026-12-28")).toEqual([]);
    expect(times(longer, "2026-12-16")).toEqual([]);
    expect(times(longer, "2026-12-15")).toHaveLength(10);
  });

  it("offers what the database will take: a lapsed hold's hour can be booked, and a meeting keeps the buffer it was booked with", async () => {
    const { db } = database;
    const lindi = await consultant({ name: "Lindi Mthembu" });
    const [person] = await db.insert(users).values({ firstName: "Sipho", lastName: "Nkosi", email: `slots.held.${Date.now().toString(36)}@example.co.za` }).returning();
    const slot = (start: string, bufferMinutes: number, extra: Record<string, unknown> = {}) => ({
      userId: person!.id,
      firstName: "Sipho",
      lastName: "Nkosi",
      email: person!.email,
      consultantId: lindi.id,
      startsAt: new Date(start),
      endsAt: new Date(new Date(start).getTime() + 3_600_000),
      blockedUntil: new Date(new Date(start).getTime() + 3_600_000 + bufferMinutes * 60_000),
      ...extra,
    });
    const lapsed = await insertSlotBooking(db, slot("2026-12-08T12:00:00Z", 15, { holdExpiresAt: new Date(now.getTime() - 60_000) }), now);
    const offered = (await slotsOffered(db, "paid", settings, now)).filter((offer) => offer.consultantIds.includes(lindi.id));
    expect(times(offered, "2026-12-08")).toContain("12:00");
    // Booking the hour offered works: the lapsed hold is cancelled on the way, and stays on record.
    const booked = await insertSlotBooking(db, slot("2026-12-08T12:00:00Z", 15), now);
    const [lapsedRow] = await db.select().from(consultationBookings).where(eq(consultationBookings.id, lapsed.id));
    expect(lapsedRow).toMatchObject({ status: "cancelled", cancelledBy: "System", cancelReason: LAPSED_HOLD_REASON });
    expect(booked.id).not.toBe(lapsed.id);

    // Booked when the buffer was 45 minutes: 13:45 stays closed although today's buffer is 15.
    await insertSlotBooking(db, slot("2026-12-09T12:00:00Z", 45), now);
    const later = (await slotsOffered(db, "paid", { ...settings, bufferMinutes: 15 }, now)).filter((offer) => offer.consultantIds.includes(lindi.id));
    expect(times(later, "2026-12-09")).not.toContain("13:00");
    await expect(insertSlotBooking(db, slot("2026-12-09T13:30:00Z", 15), now)).rejects.toBeInstanceOf(SlotTakenError);
    // Stepping by the hour, 14:00 is the first time after it, and the database takes it.
    expect(times(later, "2026-12-09")).toContain("14:00");
    await insertSlotBooking(db, slot("2026-12-09T14:00:00Z", 15), now);
  });

  it("offers nobody inactive, and a free call only with those who take them", async () => {
    const { db } = database;
    // Only this file's consultants exist in its database: the first test's consultant takes both types.
    await consultant({ isActive: false, name: "Gone" });
    const paidOnly = await consultant({ takesFree: false, name: "Paid only" });
    const free = await slotsOffered(db, "free", settings, now);
    expect(free.some((slot) => slot.consultantIds.includes(paidOnly.id))).toBe(false);
    const paid = await slotsOffered(db, "paid", settings, now);
    expect(paid.some((slot) => slot.consultantIds.includes(paidOnly.id))).toBe(true);
    // A free call is ten minutes, every fifteen.
    expect(times(free, "2026-12-08").slice(0, 3)).toEqual(["09:00", "09:15", "09:30"]);
  });
});
