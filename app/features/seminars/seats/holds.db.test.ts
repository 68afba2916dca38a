import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, seminarBookings, users } from "#db/schema/index.ts";
import { entriesOf } from "~/features/activity/testing.server.ts";
import { addDays, todayIn } from "~/lib/format.ts";
import { bookingReference } from "~/lib/ids.ts";
import { contactByEmail, insertSeminar, seminarById, visitor } from "../../../../tests/support/fixtures.ts";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../../tests/support/test-database.ts";
import { holdSeat, releaseAllLapsedHolds, releaseHold } from "./holds.server.ts";
import { SeminarFullError, SeminarNotBookableError, SeminarNotFoundError } from "../errors.ts";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const site = { siteUrl: "https://thula.example" };

const bookingFor = (seminarId: string, n: number) => ({
  seminarId,
  contact: { ...visitor, email: `visitor${n}@example.com`, firstName: `Visitor${n}` },
});

describe(`seat holds (${testEngine})`, () => {
  it("sells exactly the seats there are when 50 visitors race for 10", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db, { maxAttendees: 10 });

    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, n) => holdSeat(db, bookingFor(seminar.id, n), site)));

    const held = results.filter((result) => result.status === "fulfilled");
    const refused = results.filter((result) => result.status === "rejected");
    expect(held).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const result of refused) {
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(SeminarFullError);
      expect((result as PromiseRejectedResult).reason.message).toBe("This seminar is fully booked.");
    }
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(10);
    const rows = await db.select().from(seminarBookings).where(eq(seminarBookings.seminarId, seminar.id));
    expect(rows).toHaveLength(10);
    expect(rows.every((row) => row.status === "pending" && !row.isPaid && row.amountCents === 120000)).toBe(true);
  });

  it("holds a seat for 30 minutes at the seminar's own price", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db, { priceCents: 95000 });
    const now = new Date("2026-11-21T10:00:00Z");
    const hold = await holdSeat(db, { ...bookingFor(seminar.id, 100), notes: "Two of us may come" }, site);
    expect(hold.amountCents).toBe(95000);
    const lapse = await holdSeat(db, bookingFor(seminar.id, 101), { ...site, now: now });
    expect(lapse.holdExpiresAt.toISOString()).toBe("2026-11-21T10:30:00.000Z");
  });

  it("frees the seats of lapsed holds, and a full seminar sells again", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db, { maxAttendees: 2 });
    const longAgo = new Date(Date.now() - 31 * 60_000);
    await holdSeat(db, bookingFor(seminar.id, 200), { ...site, now: longAgo });
    await holdSeat(db, bookingFor(seminar.id, 201), { ...site, now: longAgo });
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(2);

    // Booking re-checks lapsed holds under the lock, so the full seminar sells again.
    await holdSeat(db, bookingFor(seminar.id, 202), site);
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(1);
    const statuses = (await db.select().from(seminarBookings).where(eq(seminarBookings.seminarId, seminar.id))).map((b) => b.status).sort();
    expect(statuses).toEqual(["cancelled", "cancelled", "pending"]);
  });

  it("the sweeper frees lapsed holds once, however often it runs", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db, { maxAttendees: 5 });
    const longAgo = new Date(Date.now() - 45 * 60_000);
    await holdSeat(db, bookingFor(seminar.id, 301), site);
    const lapsed = await holdSeat(db, bookingFor(seminar.id, 300), { ...site, now: longAgo });

    const [first, second] = await Promise.all([releaseAllLapsedHolds(db, site), releaseAllLapsedHolds(db, site)]);
    const freed = [...first!, ...second!].filter((hold) => hold.seminarId === seminar.id);
    expect(freed.map((hold) => hold.id)).toEqual([lapsed.bookingId]);
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(1);
    const told = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "visitor300@example.com"));
    expect(told.map((email) => email.kind)).toEqual(["seminar-hold-expired"]);
    // Who released it and why stay on the booking (docs/decisions/015).
    const [released] = await db.select().from(seminarBookings).where(eq(seminarBookings.id, lapsed.bookingId));
    expect(released).toMatchObject({ status: "cancelled", cancelledBy: "System", cancelReason: "Unpaid hold lapsed" });
    expect(released!.cancelledAt).toBeInstanceOf(Date);
    // Staff read it in the booking's history, once, as the system's doing.
    const history = await entriesOf(db, "seminar_booking", lapsed.bookingId);
    expect(history.filter((entry) => entry.action === "seminar_booking.hold-released")).toMatchObject([
      { actorName: "System", summary: `Booking ${bookingReference(lapsed.bookingId)} of "${seminar.title}" gave its seat back: unpaid hold lapsed` },
    ]);
  });

  it("a cancelled checkout frees its seat, once", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db, { maxAttendees: 3 });
    const hold = await holdSeat(db, bookingFor(seminar.id, 400), site);
    expect(await releaseHold(db, hold.bookingId)).toBe(true);
    expect(await releaseHold(db, hold.bookingId)).toBe(false);
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(0);
    const [left] = await db.select().from(seminarBookings).where(eq(seminarBookings.id, hold.bookingId));
    expect(left).toMatchObject({ status: "cancelled", cancelledBy: "Customer", cancelReason: "Left the checkout unpaid" });
    const history = await entriesOf(db, "seminar_booking", hold.bookingId);
    expect(history.map((entry) => [entry.action, entry.actorName])).toEqual([
      ["seminar_booking.hold", "Customer"],
      ["seminar_booking.hold-released", "Customer"],
    ]);
    expect(history.filter((entry) => entry.action === "seminar_booking.hold-released")).toMatchObject([
      { actorName: "Customer", summary: `Booking ${bookingReference(hold.bookingId)} of "${seminar.title}" gave its seat back: left the checkout unpaid` },
    ]);
    expect(await releaseHold(db, "00000000-0000-4000-8000-000000000000")).toBe(false);
  });

  it("refuses unknown, inactive and past seminars and writes nothing", async () => {
    const { db } = database;
    const before = (await db.select().from(seminarBookings)).length;
    const inactive = await insertSeminar(db, { isActive: false });
    const past = await insertSeminar(db, { seminarDate: addDays(todayIn("Africa/Johannesburg"), -1) });

    await expect(holdSeat(db, bookingFor("00000000-0000-4000-8000-000000000000", 500), site)).rejects.toBeInstanceOf(SeminarNotFoundError);
    await expect(holdSeat(db, bookingFor(inactive.id, 501), site)).rejects.toBeInstanceOf(SeminarNotBookableError);
    await expect(holdSeat(db, bookingFor(past.id, 502), site)).rejects.toBeInstanceOf(SeminarNotBookableError);

    expect((await db.select().from(seminarBookings)).length).toBe(before);
    expect(await contactByEmail(db, "visitor501@example.com")).toBeUndefined();
    expect((await seminarById(db, inactive.id))!.currentAttendees).toBe(0);
  });

  it("keeps the submitted details on the booking but never rewrites a known contact", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db);
    await db.insert(users).values({
      firstName: "Sipho",
      lastName: "Dlamini",
      email: "Sipho.Dlamini@example.com",
      phone: "+27 83 000 0001",
      isAdmin: true,
    });

    const hold = await holdSeat(db, {
      seminarId: seminar.id,
      contact: { firstName: "Impostor", lastName: "X", email: "sipho.dlamini@EXAMPLE.com", phone: "+27 60 999 9999", address: "1 New Road", preferredContact: "whatsapp" },
    }, site);

    const contact = await contactByEmail(db, "sipho.dlamini@example.com");
    expect(contact).toMatchObject({ firstName: "Sipho", lastName: "Dlamini", phone: "+27 83 000 0001", isAdmin: true, preferredContact: "email" });
    // A detail the contact lacked is filled in; nothing it had is replaced.
    expect(contact!.address).toBe("1 New Road");
    const [booking] = await db.select().from(seminarBookings).where(eq(seminarBookings.id, hold.bookingId));
    expect(booking).toMatchObject({ firstName: "Impostor", phone: "+27 60 999 9999", preferredContact: "whatsapp", userId: contact!.id });
    expect((await db.select().from(users)).filter((user) => user.email.toLowerCase() === "sipho.dlamini@example.com")).toHaveLength(1);
  });

  it("creates new contacts without admin rights", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db);
    await holdSeat(db, bookingFor(seminar.id, 600), site);
    expect((await contactByEmail(db, "visitor600@example.com"))!.isAdmin).toBe(false);
  });
});
