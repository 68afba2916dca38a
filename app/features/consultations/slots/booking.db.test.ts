import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { activityLog, checkoutSessions, consultantHours, consultants, consultationBookings, emailOutbox } from "#db/schema/index.ts";
import { payTestCheckout } from "~/features/payments/checkout.server.ts";
import { createTestProvider } from "~/features/payments/test-provider.server.ts";
import { visitor } from "../../../../tests/support/fixtures.ts";
import { calendarOf } from "../../../../tests/support/ics.ts";
import { testEngine, useTestDatabase } from "../../../../tests/support/test-database.ts";
import { paidItems } from "~/wiring/payments.server.ts";
import { slotBookingFormSchema } from "../schema.ts";
import { SLOT_HOLD_LAPSED_MESSAGE, startConsultationCheckout } from "../service.server.ts";
import { bookSlot, releaseLapsedSlotHolds, SLOT_HOLD_MINUTES, SlotUnavailableError, type ConsultationSlotSettings } from "./booking.server.ts";
import { SlotTakenError } from "./slot-queries.server.ts";
import { slotsOffered } from "./slots.server.ts";
import { consultationWeek } from "./week.server.ts";
import { findFeedMeetings } from "../consultants/queries.server.ts";
import { changeConsultationStatus, TIME_TAKEN_SINCE } from "../admin-actions.server.ts";
import { testActor } from "~/features/activity/testing.server.ts";

// Taking a slot as a visitor does (issue 17): a free call is confirmed at once with its
// meeting link and calendar file; a paid consultation's time is held through checkout and
// confirmed by the payment, or freed (logged, e-mailed) when the hold lapses; a time not
// offered, or taken meanwhile, is refused with nothing saved.

const database = useTestDatabase();
const siteUrl = "https://thula.example";
const settings: ConsultationSlotSettings = { bufferMinutes: 15, minNoticeHours: 24, horizonDays: 30, videoRoomBaseUrl: "https://video.example" };
// Tuesday 1 June 2027, 08:00 UTC: British Summer Time (UTC+1), South Africa UTC+2.
const now = new Date("2027-06-01T08:00:00Z");
// Tuesday 8 June 2027, 14:00 in Durban = 13:00 in London.
const tuesday14 = new Date("2027-06-08T12:00:00Z");

beforeEach(async () => {
  // Each test offers only the consultants it makes.
  await database.db.update(consultants).set({ isActive: false });
});

async function consultant(values: Partial<typeof consultants.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(consultants)
    .values({ name: "Naledi Dube", email: `adviser.${randomBytes(4).toString("hex")}@thula.example`, calendarToken: randomBytes(18).toString("base64url"), ...values })
    .returning();
  await database.db.insert(consultantHours).values([1, 2, 3, 4, 5].map((weekday) => ({ consultantId: row!.id, weekday, startTime: "09:00", endTime: "19:00" })));
  return row!;
}

const form = (email: string, start: Date, timeZone = "Africa/Johannesburg") =>
  slotBookingFormSchema.parse({ ...visitor, email, notes: "Moving to Leeds in spring.", slot: start.toISOString(), timeZone });

const book = (type: "paid" | "free", email: string, start = tuesday14, at = now) => {
  const details = form(email, start);
  return bookSlot(database.db, { type, start: details.slot, timeZone: details.timeZone, form: details }, { settings, siteUrl, now: at });
};

const bookingOf = async (id: string) => (await database.db.select().from(consultationBookings).where(eq(consultationBookings.id, id)))[0]!;
const mailTo = (email: string) => database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
const entriesOf = (id: string) => database.db.select().from(activityLog).where(and(eq(activityLog.entityType, "consultation"), eq(activityLog.entityId, id)));
const offered = async (type: "paid" | "free", at = now) => (await slotsOffered(database.db, type, settings, at)).map((slot) => slot.start.toISOString());

describe(`booking a consultation slot (${testEngine})`, () => {
  it("confirms a free call at once, in a room made for it, and e-mails the time in both zones with a calendar file", async () => {
    const naledi = await consultant();
    const booked = await book("free", "free.slot@example.co.za", new Date("2027-06-08T12:15:00Z"));
    expect(booked).toMatchObject({ type: "free", held: false });
    const row = await bookingOf(booked.bookingId);
    expect(row).toMatchObject({ status: "confirmed", isPaid: true, amountCents: 0, consultantId: naledi.id, timeZone: "Africa/Johannesburg", holdExpiresAt: null });
    expect(row.endsAt!.getTime() - row.startsAt!.getTime()).toBe(10 * 60_000);
    expect(row.blockedUntil!.getTime() - row.endsAt!.getTime()).toBe(15 * 60_000);
    expect(row.meetingUrl).toMatch(/^https:\/\/video\.example\/Thula-[A-Za-z0-9_-]{16}$/);

    const [mail] = await mailTo("free.slot@example.co.za");
    expect(mail).toMatchObject({ kind: "intro-call-booked" });
    expect(mail!.textBody).toContain("Tuesday 8 June 2027, 14:15 South African time (13:15 UK time)");
    expect(mail!.textBody).toContain(row.meetingUrl!);
    const event = calendarOf(mail!);
    expect(event.DTSTART).toBe("20270608T121500Z");
    expect(event.LOCATION).toBe(row.meetingUrl);
    expect((await entriesOf(booked.bookingId)).map((entry) => entry.action)).toEqual(["consultation.booked"]);
    // The time is no longer offered, and neither is the buffer after it.
    expect(await offered("free")).not.toContain("2027-06-08T12:15:00.000Z");
  });

  it("refuses a time that is not offered (off the grid, too soon, past the horizon, a weekend) and saves nothing", async () => {
    await consultant();
    const before = (await database.db.select({ n: sql<number>`count(*)::int` }).from(consultationBookings))[0]!.n;
    for (const start of ["2027-06-08T12:30:00Z", "2027-06-01T12:00:00Z", "2027-07-20T12:00:00Z", "2027-06-12T12:00:00Z"]) {
      await expect(book("paid", "not.offered@example.co.za", new Date(start))).rejects.toBeInstanceOf(SlotUnavailableError);
    }
    expect((await database.db.select({ n: sql<number>`count(*)::int` }).from(consultationBookings))[0]!.n).toBe(before);
    expect(await mailTo("not.offered@example.co.za")).toHaveLength(0);
  });

  it("holds a paid slot through checkout and confirms it with the payment: the consultant's own room, both zones, the calendar entry", async () => {
    const { db } = database;
    const room = "https://meet.example/naledi";
    await consultant({ meetingUrl: room });
    const booked = await book("paid", "paid.slot@example.co.za");
    expect(booked.held).toBe(true);
    let row = await bookingOf(booked.bookingId);
    expect(row).toMatchObject({ status: "pending", isPaid: false, amountCents: 349900, meetingUrl: room });
    expect(row.holdExpiresAt!.getTime() - now.getTime()).toBe(SLOT_HOLD_MINUTES * 60_000);
    expect(await mailTo("paid.slot@example.co.za")).toHaveLength(0);
    expect(await offered("paid")).not.toContain(tuesday14.toISOString());

    const provider = createTestProvider(db, siteUrl);
    const opened = new Date(now.getTime() + 10 * 60_000);
    const { url } = await startConsultationCheckout(db, provider, { bookingId: booked.bookingId, siteUrl, now: opened });
    row = await bookingOf(booked.bookingId);
    // The hold outlasts the checkout (31 minutes) by its grace.
    expect(row.holdExpiresAt!.getTime()).toBe(opened.getTime() + 33 * 60_000);
    const sessionId = url.split("/").pop()!;
    await payTestCheckout(db, provider, paidItems(siteUrl), sessionId, new Date(opened.getTime() + 60_000));

    row = await bookingOf(booked.bookingId);
    expect(row).toMatchObject({ status: "confirmed", isPaid: true, holdExpiresAt: null });
    const [mail] = await mailTo("paid.slot@example.co.za");
    expect(mail).toMatchObject({ kind: "consultation-booked" });
    expect(mail!.subject).toContain("Tuesday 8 June 2027, 14:00 South African time (13:00 UK time)");
    expect(mail!.textBody).toContain(room);
    const event = calendarOf(mail!);
    expect(event.DTSTART).toBe("20270608T120000Z");
    expect(event.DTEND).toBe("20270608T130000Z");
    expect(event.SEQUENCE).toBe(String(row.version));
    expect((await entriesOf(booked.bookingId)).map((entry) => entry.action).sort()).toEqual(["consultation.paid-online", "consultation.slot-held"]);
  });

  it("frees a lapsed hold: the sweeper cancels it, logs it and tells the visitor; the time is offered again and can no longer be paid", async () => {
    const { db } = database;
    await consultant();
    const booked = await book("paid", "lapsed.slot@example.co.za");
    const later = new Date(now.getTime() + (SLOT_HOLD_MINUTES + 1) * 60_000);
    expect(await offered("paid", later)).toContain(tuesday14.toISOString());
    expect(await releaseLapsedSlotHolds(db, { siteUrl, now: later })).toBe(1);
    expect(await releaseLapsedSlotHolds(db, { siteUrl, now: later })).toBe(0);
    expect(await bookingOf(booked.bookingId)).toMatchObject({ status: "cancelled", cancelledBy: "System", holdExpiresAt: null });
    const [mail] = await mailTo("lapsed.slot@example.co.za");
    expect(mail).toMatchObject({ kind: "consultation-hold-lapsed" });
    expect(mail!.textBody).toContain("Nothing was charged");
    expect((await entriesOf(booked.bookingId)).map((entry) => entry.action).sort()).toEqual(["consultation.hold-released", "consultation.slot-held"]);
    await expect(startConsultationCheckout(db, createTestProvider(db, siteUrl), { bookingId: booked.bookingId, siteUrl, now: later })).rejects.toThrow(SLOT_HOLD_LAPSED_MESSAGE);
    expect(await db.select().from(checkoutSessions).where(eq(checkoutSessions.bookingId, booked.bookingId))).toHaveLength(0);
    // Booked again by someone else.
    await book("paid", "next.visitor@example.co.za", tuesday14, later);
  });

  it("gives a lapsed hold's time to the next visitor at once, before the sweeper runs, and tells the first one", async () => {
    await consultant();
    const first = await book("paid", "first.holder@example.co.za");
    const later = new Date(now.getTime() + (SLOT_HOLD_MINUTES + 1) * 60_000);
    const second = await book("paid", "second.holder@example.co.za", tuesday14, later);
    expect(await bookingOf(first.bookingId)).toMatchObject({ status: "cancelled" });
    expect(await bookingOf(second.bookingId)).toMatchObject({ status: "pending" });
    expect((await mailTo("first.holder@example.co.za")).map((mail) => mail.kind)).toEqual(["consultation-hold-lapsed"]);
    expect((await entriesOf(first.bookingId)).map((entry) => entry.action)).toContain("consultation.hold-released");
  });

  it("frees the time when the provider expires the checkout unpaid", async () => {
    const { db } = database;
    await consultant();
    const booked = await book("paid", "expired.checkout@example.co.za");
    await paidItems(siteUrl).consultation.expire!(db, booked.bookingId);
    expect(await bookingOf(booked.bookingId)).toMatchObject({ status: "cancelled", cancelReason: "The checkout expired before it was paid." });
    expect(await offered("paid")).toContain(tuesday14.toISOString());
  });

  it("gives one time two consultants have free to two visitors, one each, then to nobody", async () => {
    const naledi = await consultant();
    const pieter = await consultant({ name: "Pieter Botha" });
    const a = await book("paid", "visitor.a@example.co.za");
    const b = await book("paid", "visitor.b@example.co.za");
    expect(new Set([(await bookingOf(a.bookingId)).consultantId, (await bookingOf(b.bookingId)).consultantId])).toEqual(new Set([naledi.id, pieter.id]));
    await expect(book("paid", "visitor.c@example.co.za")).rejects.toBeInstanceOf(SlotUnavailableError);
  });

  it("takes one booking from 20 visitors racing for one slot; every other is told plainly", async () => {
    const naledi = await consultant();
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, index) => book("free", `racer.${index}@example.co.za`)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) if (result.status === "rejected") expect(result.reason instanceof SlotTakenError || result.reason instanceof SlotUnavailableError).toBe(true);
    const standing = await database.db.select().from(consultationBookings).where(and(eq(consultationBookings.consultantId, naledi.id), eq(consultationBookings.status, "confirmed")));
    expect(standing).toHaveLength(1);
  });

  it("frees the time of a meeting staff close, and will not reopen it once someone else has booked that time", async () => {
    const naledi = await consultant();
    const first = await book("free", "closed.first@example.co.za");
    const weekMeetingIds = async () =>
      (await consultationWeek(database.db, new URLSearchParams({ week: "2027-06-08" }), now)).rows.flatMap((row) => row.days.flatMap((day) => day.meetings.map((meeting) => meeting.id)));
    const feedMeetingIds = async () => (await findFeedMeetings(database.db, naledi.id, { from: now, now, limit: 50 })).map((meeting) => meeting.id);
    expect(await offered("free")).not.toContain(tuesday14.toISOString());
    expect(await weekMeetingIds()).toContain(first.bookingId);
    expect(await feedMeetingIds()).toContain(first.bookingId);
    const statusForm = (version: number, status: string) => {
      const form = new FormData();
      for (const [key, value] of Object.entries({ id: first.bookingId, version: String(version), status })) form.set(key, value);
      return form;
    };
    // "Closed": the request ended without a meeting (docs/decisions/012). Its hour is free again, as a cancelled one's is.
    await changeConsultationStatus(database.db, testActor, statusForm((await bookingOf(first.bookingId)).version, "closed"), { siteUrl, now });
    expect(await bookingOf(first.bookingId)).toMatchObject({ status: "closed" });
    expect(await offered("free")).toContain(tuesday14.toISOString());
    // Nor does it stand in the portal's week calendar or the consultant's calendar feed.
    expect(await weekMeetingIds()).not.toContain(first.bookingId);
    expect(await feedMeetingIds()).not.toContain(first.bookingId);

    await book("free", "closed.second@example.co.za");
    const closed = await bookingOf(first.bookingId);
    await expect(changeConsultationStatus(database.db, testActor, statusForm(closed.version, "pending"), { siteUrl, now })).rejects.toThrow(TIME_TAKEN_SINCE);
    expect(await bookingOf(first.bookingId)).toMatchObject({ status: "closed", version: closed.version });
  });

  it("will not reopen a cancelled meeting whose time someone else has booked since", async () => {
    await consultant();
    const first = await book("free", "reopen.first@example.co.za");
    await database.db.update(consultationBookings).set({ status: "cancelled", version: sql`${consultationBookings.version} + 1` }).where(eq(consultationBookings.id, first.bookingId));
    await book("free", "reopen.second@example.co.za");
    const cancelled = await bookingOf(first.bookingId);
    const form = new FormData();
    for (const [key, value] of Object.entries({ id: first.bookingId, version: String(cancelled.version), status: "pending" })) form.set(key, value);
    await expect(changeConsultationStatus(database.db, testActor, form, { siteUrl, now })).rejects.toThrow(TIME_TAKEN_SINCE);
    expect(await bookingOf(first.bookingId)).toMatchObject({ status: "cancelled", version: cancelled.version });
  });
});
