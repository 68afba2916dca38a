import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { activityLog, consultantHours, consultants, consultationBookings, emailOutbox } from "#db/schema/index.ts";
import { payTestCheckout } from "~/features/payments/checkout.server.ts";
import { createTestProvider } from "~/features/payments/test-provider.server.ts";
import { ConflictError, StaleEditError } from "~/lib/errors.ts";
import { createLinkSigner } from "~/lib/signed-links.server.ts";
import { paidItems } from "~/wiring/payments.server.ts";
import { visitor } from "../../../../tests/support/fixtures.ts";
import { calendarOf } from "../../../../tests/support/ics.ts";
import { testEngine, useTestDatabase } from "../../../../tests/support/test-database.ts";
import { slotBookingFormSchema } from "../schema.ts";
import { startConsultationCheckout } from "../service.server.ts";
import { bookSlot, SlotUnavailableError } from "../slots/booking.server.ts";
import { slotsOffered } from "../slots/slots.server.ts";
import { manageConsultationUrl } from "./links.server.ts";
import { cancelConsultationOnline, managedConsultation, rescheduleConsultation, type ManageSite } from "./manage.server.ts";

// Moving and cancelling a booked consultation from the signed link in its e-mails (issue 17):
// a move keeps one calendar entry (same UID, a higher SEQUENCE) and frees the old time; the old
// link shows the new time; an old page's version is refused; a cancelled booking cannot be moved
// from an old e-mail; a paid one cancelled in time is refunded through the provider, and online
// changes close at the cut-off.

const database = useTestDatabase();
const siteUrl = "https://thula.example";
const links = createLinkSigner("a-secret-only-these-tests-use-0123456789");
const settings = { bufferMinutes: 15, minNoticeHours: 24, horizonDays: 30, videoRoomBaseUrl: "https://video.example", freeCancellationHours: 24 };
// Tuesday 1 June 2027, 08:00 UTC (BST).
const now = new Date("2027-06-01T08:00:00Z");
const site: ManageSite = { siteUrl, links, settings, now };
const tuesday14 = new Date("2027-06-08T12:00:00Z");
const wednesday14 = new Date("2027-06-09T12:00:00Z");

beforeEach(async () => {
  await database.db.update(consultants).set({ isActive: false });
});

async function consultant(name = "Naledi Dube") {
  const [row] = await database.db
    .insert(consultants)
    .values({ name, email: `adviser.${randomBytes(4).toString("hex")}@thula.example`, calendarToken: randomBytes(18).toString("base64url") })
    .returning();
  await database.db.insert(consultantHours).values([1, 2, 3, 4, 5].map((weekday) => ({ consultantId: row!.id, weekday, startTime: "09:00", endTime: "19:00" })));
  return row!;
}

async function book(type: "paid" | "free", email: string, start = tuesday14) {
  const form = slotBookingFormSchema.parse({ ...visitor, email, slot: start.toISOString(), timeZone: "Africa/Johannesburg" });
  const booked = await bookSlot(database.db, { type, start, timeZone: form.timeZone, form }, { settings, siteUrl, links, now });
  if (type === "paid") {
    const provider = createTestProvider(database.db, siteUrl);
    const { url } = await startConsultationCheckout(database.db, provider, { bookingId: booked.bookingId, siteUrl, now });
    await payTestCheckout(database.db, provider, paidItems(siteUrl, links), url.split("/").pop()!, now);
  }
  const token = manageConsultationUrl(siteUrl, links, booked.bookingId)!.split("/").pop()!;
  return { id: booked.bookingId, token };
}

const bookingOf = async (id: string) => (await database.db.select().from(consultationBookings).where(eq(consultationBookings.id, id)))[0]!;
const mailOf = async (email: string, kind: string) => (await database.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, kind))))[0];
describe(`moving and cancelling a consultation online (${testEngine})`, () => {
  it("moves a paid consultation to Wednesday: one calendar entry updated, the old time free again, the old link showing the new time", async () => {
    await consultant();
    const email = "move.paid@example.co.za";
    const { id, token } = await book("paid", email);
    const booked = await mailOf(email, "consultation-booked");
    expect(booked!.textBody).toContain(`/consultations/manage/${token}`);
    const before = await bookingOf(id);

    const page = await managedConsultation(database.db, site, token);
    expect(page.changes).toMatchObject({ allowed: true, refundCents: 349900 });
    const moved = await rescheduleConsultation(database.db, site, token, { start: wednesday14, timeZone: "Africa/Johannesburg", version: page.version });
    expect(moved.when).toBe("Wednesday 9 June 2027, 14:00 South African time (13:00 UK time)");
    const after = await bookingOf(id);
    expect(after).toMatchObject({ status: "confirmed", consultantId: before.consultantId, meetingUrl: before.meetingUrl, version: before.version + 1 });

    const mail = await mailOf(email, "consultation-moved");
    expect(mail!.textBody).toContain("Tuesday 8 June 2027, 14:00 South African time (13:00 UK time)");
    expect(mail!.textBody).toContain("Wednesday 9 June 2027, 14:00 South African time (13:00 UK time)");
    const [first, second] = [calendarOf(booked!), calendarOf(mail!)];
    expect(second.UID).toBe(first.UID);
    expect(Number(second.SEQUENCE)).toBeGreaterThan(Number(first.SEQUENCE));
    expect(second.DTSTART).toBe("20270609T120000Z");
    const [entry] = await database.db.select().from(activityLog).where(and(eq(activityLog.entityId, id), eq(activityLog.action, "consultation.rescheduled")));
    expect(entry).toMatchObject({ actorName: "Customer" });

    const offered = (await slotsOffered(database.db, "paid", settings, now)).map((slot) => slot.start.toISOString());
    expect(offered).toContain(tuesday14.toISOString());
    expect(offered).not.toContain(wednesday14.toISOString());
    // The link in the first e-mail shows the meeting as it is now.
    expect((await managedConsultation(database.db, site, token)).when).toContain("Wednesday 9 June 2027");
  });

  it("moves a meeting an hour later with the same consultant: its own time does not stand in its way", async () => {
    const naledi = await consultant();
    const { id, token } = await book("free", "move.next@example.co.za");
    const { version } = await managedConsultation(database.db, site, token);
    await rescheduleConsultation(database.db, site, token, { start: new Date("2027-06-08T12:15:00Z"), timeZone: "Europe/London", version });
    expect(await bookingOf(id)).toMatchObject({ consultantId: naledi.id, timeZone: "Europe/London" });
  });

  it("refuses an old page's version, and a time not offered, changing nothing", async () => {
    await consultant();
    const { id, token } = await book("free", "move.stale@example.co.za");
    const { version } = await managedConsultation(database.db, site, token);
    await expect(rescheduleConsultation(database.db, site, token, { start: wednesday14, timeZone: "Africa/Johannesburg", version: version - 1 })).rejects.toBeInstanceOf(StaleEditError);
    await expect(rescheduleConsultation(database.db, site, token, { start: new Date("2027-06-12T12:00:00Z"), timeZone: "Africa/Johannesburg", version })).rejects.toBeInstanceOf(SlotUnavailableError);
    expect((await bookingOf(id)).startsAt).toEqual(tuesday14);
    await expect(managedConsultation(database.db, site, `${token.slice(0, -1)}x`)).rejects.toThrow("This link does not match a booking.");
  });

  it("cancels a paid consultation in time with a full refund through the provider; the old e-mail's link can then not move it", async () => {
    await consultant();
    const email = "cancel.paid@example.co.za";
    const { id, token } = await book("paid", email);
    const { version } = await managedConsultation(database.db, site, token);
    const outcome = await cancelConsultationOnline(database.db, site, { provider: createTestProvider(database.db, siteUrl), items: paidItems(siteUrl, links) }, token, { version });
    expect(outcome).toEqual({ refundCents: 349900, refunded: true });
    const row = await bookingOf(id);
    expect(row).toMatchObject({ refundedCents: 349900, refundDue: false, cancelledBy: "Customer" });
    expect(["cancelled", "refunded"]).toContain(row.status);
    const cancelled = await mailOf(email, "consultation-cancelled-online");
    expect(calendarOf(cancelled!)).toMatchObject({ METHOD: "CANCEL", STATUS: "CANCELLED" });
    expect((await managedConsultation(database.db, site, token)).changes).toEqual({ allowed: false, reason: "cancelled" });
    await expect(rescheduleConsultation(database.db, site, token, { start: wednesday14, timeZone: "Africa/Johannesburg", version: row.version })).rejects.toThrow(ConflictError);
    // Its time is free for others.
    expect((await slotsOffered(database.db, "paid", settings, now)).map((slot) => slot.start.toISOString())).toContain(tuesday14.toISOString());
  });

  it("closes online changes to a paid consultation 24 hours before it", async () => {
    await consultant();
    const { id, token } = await book("paid", "too.late@example.co.za");
    const late: ManageSite = { ...site, now: new Date(tuesday14.getTime() - 23 * 3_600_000) };
    const page = await managedConsultation(database.db, late, token);
    expect(page.changes).toMatchObject({ allowed: false, reason: "too-late" });
    await expect(cancelConsultationOnline(database.db, late, { provider: createTestProvider(database.db, siteUrl), items: paidItems(siteUrl, links) }, token, { version: page.version })).rejects.toThrow(
      "Online changes have closed for this meeting.",
    );
    expect(await bookingOf(id)).toMatchObject({ status: "confirmed", refundedCents: 0 });
  });
});
