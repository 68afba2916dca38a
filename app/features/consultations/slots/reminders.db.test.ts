import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { consultantHours, consultants, consultationBookings, emailOutbox } from "#db/schema/index.ts";
import { createLinkSigner } from "~/lib/signed-links.server.ts";
import { visitor } from "../../../../tests/support/fixtures.ts";
import { testEngine, useTestDatabase } from "../../../../tests/support/test-database.ts";
import { manageConsultationUrl } from "../manage/links.server.ts";
import { rescheduleConsultation } from "../manage/manage.server.ts";
import { slotBookingFormSchema } from "../schema.ts";
import { bookSlot } from "./booking.server.ts";
import { queueDueConsultationReminders } from "./reminders.server.ts";

// The reminders of a booked consultation (issue 17): 24 hours and 1 hour before, once each
// however often the job runs; none for a cancelled meeting; a moved meeting's again for its new time.

const database = useTestDatabase();
const siteUrl = "https://thula.example";
const links = createLinkSigner("a-secret-only-these-tests-use-0123456789");
const settings = { bufferMinutes: 15, minNoticeHours: 24, horizonDays: 30, videoRoomBaseUrl: "https://video.example", freeCancellationHours: 24 };
const now = new Date("2027-06-01T08:00:00Z");
const start = new Date("2027-06-08T12:00:00Z");
const hoursBefore = (hours: number, at = start) => new Date(at.getTime() - hours * 3_600_000);

beforeEach(async () => {
  await database.db.update(consultants).set({ isActive: false });
  const [row] = await database.db
    .insert(consultants)
    .values({ name: "Naledi Dube", email: `adviser.${randomBytes(4).toString("hex")}@thula.example`, calendarToken: randomBytes(18).toString("base64url") })
    .returning();
  await database.db.insert(consultantHours).values([1, 2, 3, 4, 5].map((weekday) => ({ consultantId: row!.id, weekday, startTime: "09:00", endTime: "19:00" })));
});

async function book(email: string) {
  const form = slotBookingFormSchema.parse({ ...visitor, email, slot: start.toISOString(), timeZone: "Africa/Johannesburg" });
  return (await bookSlot(database.db, { type: "free", start, timeZone: form.timeZone, form }, { settings, siteUrl, links, now })).bookingId;
}

const reminders = (email: string) => database.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "consultation-reminder")));
const run = (at: Date) => queueDueConsultationReminders(database.db, { siteUrl, links, now: at });

describe(`consultation reminders (${testEngine})`, () => {
  it("queues the 24-hour and the 1-hour reminder once each, with the time in both zones and the meeting link", async () => {
    const email = "reminded@example.co.za";
    const id = await book(email);
    await run(hoursBefore(25));
    expect(await reminders(email)).toHaveLength(0);
    await run(hoursBefore(23));
    await run(hoursBefore(22));
    const [tomorrow] = await reminders(email);
    expect((await reminders(email)).length).toBe(1);
    expect(tomorrow!.subject).toBe("Reminder: your free intro call (10 minutes) is tomorrow");
    expect(tomorrow!.textBody).toContain("Tuesday 8 June 2027, 14:00 South African time (13:00 UK time)");
    expect(tomorrow!.textBody).toContain(manageConsultationUrl(siteUrl, links, id)!);
    const [row] = await database.db.select().from(consultationBookings).where(eq(consultationBookings.id, id));
    expect(tomorrow!.textBody).toContain(row!.meetingUrl!);
    await run(hoursBefore(0.9));
    await run(hoursBefore(0.5));
    expect((await reminders(email)).map((mail) => mail.subject).sort()).toEqual(["Reminder: your free intro call (10 minutes) is in about an hour", "Reminder: your free intro call (10 minutes) is tomorrow"]);
  });

  it("sends none for a cancelled meeting, and a moved meeting's again for its new time", async () => {
    const cancelledEmail = "cancelled.reminder@example.co.za";
    const cancelled = await book(cancelledEmail);
    await database.db.update(consultationBookings).set({ status: "cancelled" }).where(eq(consultationBookings.id, cancelled));
    const movedEmail = "moved.reminder@example.co.za";
    // The cancelled one freed the hour; this one takes it.
    const moved = await book(movedEmail);
    await run(hoursBefore(23));
    expect(await reminders(cancelledEmail)).toHaveLength(0);
    expect(await reminders(movedEmail)).toHaveLength(1);

    const token = manageConsultationUrl(siteUrl, links, moved)!.split("/").pop()!;
    const [row] = await database.db.select().from(consultationBookings).where(eq(consultationBookings.id, moved));
    const later = new Date("2027-06-09T12:00:00Z");
    await rescheduleConsultation(database.db, { siteUrl, links, settings, now: hoursBefore(23) }, token, { start: later, timeZone: "Africa/Johannesburg", version: row!.version });
    await run(hoursBefore(23, later));
    expect(await reminders(movedEmail)).toHaveLength(2);
  });
});
