import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { activityLog, consultantDateOverrides, consultantHours, consultants, consultationBookings, emailOutbox } from "#db/schema/index.ts";
import { ConflictError, StaleEditError } from "~/lib/errors.ts";
import { testActor as adminActor } from "~/features/activity/testing.server.ts";
import { visitor } from "../../../../tests/support/fixtures.ts";
import { testEngine, useTestDatabase } from "../../../../tests/support/test-database.ts";
import { createLinkSigner } from "~/lib/signed-links.server.ts";
import { manageConsultationUrl } from "../manage/links.server.ts";
import { slotBookingFormSchema } from "../schema.ts";
import { bookSlot } from "./booking.server.ts";
import { consultationWeek, reassignConsultation } from "./week.server.ts";

// The portal's week calendar (issue 17): each consultant's hours, meetings and free time, day
// by day in UK time; and giving a meeting to another consultant, refused when their time is taken.

const database = useTestDatabase();
const siteUrl = "https://thula.example";
const settings = { bufferMinutes: 15, minNoticeHours: 24, horizonDays: 30, videoRoomBaseUrl: "https://video.example" };
const now = new Date("2027-06-01T08:00:00Z");
const tuesday14 = new Date("2027-06-08T12:00:00Z");

beforeEach(async () => {
  await database.db.update(consultants).set({ isActive: false });
});

async function consultant(name: string, values: Partial<typeof consultants.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(consultants)
    .values({ name, email: `adviser.${randomBytes(4).toString("hex")}@thula.example`, calendarToken: randomBytes(18).toString("base64url"), ...values })
    .returning();
  await database.db.insert(consultantHours).values([1, 2, 3, 4, 5].map((weekday) => ({ consultantId: row!.id, weekday, startTime: "09:00", endTime: "19:00" })));
  return row!;
}

async function book(email: string, type: "paid" | "free" = "free") {
  const form = slotBookingFormSchema.parse({ ...visitor, email, slot: tuesday14.toISOString(), timeZone: "Africa/Johannesburg" });
  return (await bookSlot(database.db, { type, start: tuesday14, timeZone: form.timeZone, form }, { settings, siteUrl, now })).bookingId;
}

const form = (values: Record<string, string | number>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, String(value));
  return data;
};

describe(`the week calendar (${testEngine})`, () => {
  it("shows each consultant's hours, meetings and free time in UK time, a day off as not working", async () => {
    const naledi = await consultant("Naledi Dube");
    await consultant("Pieter van Wyk");
    await database.db.insert(consultantDateOverrides).values({ consultantId: naledi.id, date: "2027-06-09", note: "Training" });
    const id = await book("week.view@example.co.za");
    const view = await consultationWeek(database.db, new URLSearchParams({ week: "2027-06-10" }), now);
    expect(view.week).toBe("2027-06-07");
    expect(view.days.map((day) => day.label)).toEqual(["Mon 7 Jun", "Tue 8 Jun", "Wed 9 Jun", "Thu 10 Jun", "Fri 11 Jun", "Sat 12 Jun", "Sun 13 Jun"]);
    const rowOf = (name: string) => view.rows.find((row) => row.consultant.name === name)!;
    const booked = view.rows.find((row) => row.days[1]!.meetings.length === 1)!;
    expect(booked.days[1]!.meetings[0]).toMatchObject({ id, time: "13:00–13:10", client: "Thandi Nkosi", type: "Free", held: false });
    expect(booked.days[1]!.freeMinutes).toBe(600 - 10);
    expect(rowOf("Naledi Dube").days[2]).toMatchObject({ hours: "Not working", meetings: [] });
    expect(rowOf("Pieter van Wyk").days[2]).toMatchObject({ hours: "09:00–19:00", freeMinutes: 600 });
    expect(rowOf("Pieter van Wyk").days[5]!.hours).toBe("Not working");
  });

  it("gives a meeting to another consultant, logs it and sends the client the new consultant's room; refuses a taken time and an old version", async () => {
    const naledi = await consultant("Naledi Dube");
    const room = "https://meet.example/pieter";
    const pieter = await consultant("Pieter van Wyk", { meetingUrl: room });
    const first = await book("reassign.one@example.co.za");
    const second = await book("reassign.two@example.co.za");
    const [a] = await database.db.select().from(consultationBookings).where(eq(consultationBookings.id, first));
    const target = a!.consultantId === naledi.id ? pieter : naledi;
    // Both consultants have the hour: giving one's meeting to the other is refused.
    await expect(reassignConsultation(database.db, adminActor, form({ id: first, version: a!.version, consultantId: target.id }), { siteUrl, settings })).rejects.toBeInstanceOf(ConflictError);

    await database.db.update(consultationBookings).set({ status: "cancelled" }).where(eq(consultationBookings.id, second));
    await expect(reassignConsultation(database.db, adminActor, form({ id: first, version: a!.version + 1, consultantId: target.id }), { siteUrl, settings })).rejects.toBeInstanceOf(StaleEditError);
    const links = createLinkSigner("a-secret-only-these-tests-use-0123456789");
    const outcome = await reassignConsultation(database.db, adminActor, form({ id: first, version: a!.version, consultantId: target.id }), { siteUrl, settings, links });
    expect(outcome).toEqual({ ok: true, message: `The meeting now goes to ${target.name}.` });
    const [b] = await database.db.select().from(consultationBookings).where(eq(consultationBookings.id, first));
    expect(b).toMatchObject({ consultantId: target.id, version: a!.version + 1 });
    const [entry] = await database.db.select().from(activityLog).where(and(eq(activityLog.entityId, first), eq(activityLog.action, "consultation.reassigned")));
    expect(entry!.summary).toContain(`to ${target.name}`);
    const roomMail = await database.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, "reassign.one@example.co.za"), eq(emailOutbox.kind, "consultation-room-changed")));
    // To Pieter: his own room. From Pieter: a room of its own, as his stays his.
    expect(b!.meetingUrl === room).toBe(target.id === pieter.id);
    expect(roomMail).toHaveLength(1);
    // The new link, and the way to move or cancel the meeting, as every e-mail about it has.
    expect(roomMail[0]!.textBody).toContain(b!.meetingUrl!);
    expect(roomMail[0]!.textBody).toContain(manageConsultationUrl(siteUrl, links, first)!);
  });
});
