import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seminarBookings } from "#db/schema/index.ts";
import { entriesOf } from "~/features/activity/testing.server.ts";
import { insertSeminar, seminarById, visitor } from "../../../../tests/support/fixtures.ts";
import { testEngine, useTestDatabase } from "../../../../tests/support/test-database.ts";
import { NotEnoughSeatsError, SeminarFullError } from "../errors.ts";
import { holdSeat, releaseHold } from "./holds.server.ts";

const database = useTestDatabase();

const site = { siteUrl: "https://thula.example" };

const family = (seminarId: string, n: number, seats: number) => ({
  seminarId,
  contact: { ...visitor, email: `family${n}@example.com`, firstName: `Parent${n}` },
  seats,
  attendeeNames: Array.from({ length: seats }, (_, seat) => `Member ${n}.${seat + 1}`),
});

const bookingsOf = (seminarId: string) => database.db.select().from(seminarBookings).where(eq(seminarBookings.seminarId, seminarId));

describe(`group bookings: seats per booking (${testEngine})`, () => {
  it("a 3-seat hold takes 3 seats at once, for the seminar's price × 3, with one name per seat", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db, { maxAttendees: 10, priceCents: 95000 });
    const hold = await holdSeat(db, family(seminar.id, 1, 3), site);
    expect(hold.seats).toBe(3);
    expect(hold.amountCents).toBe(285000);
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(3);
    const [row] = await bookingsOf(seminar.id);
    expect(row).toMatchObject({ seats: 3, amountCents: 285000, attendeeNames: ["Member 1.1", "Member 1.2", "Member 1.3"] });
    expect((await entriesOf(db, "seminar_booking", hold.bookingId)).map((entry) => entry.summary)).toEqual([expect.stringContaining("held 3 seats at")]);
  });

  it("refuses 3 seats when 2 are left, says how many are, and takes nothing", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db, { maxAttendees: 5 });
    await holdSeat(db, family(seminar.id, 2, 3), site);
    const refused = holdSeat(db, family(seminar.id, 3, 3), site);
    await expect(refused).rejects.toBeInstanceOf(NotEnoughSeatsError);
    await expect(refused).rejects.toThrow("Only 2 seats left. Please choose fewer seats.");
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(3);
    expect(await bookingsOf(seminar.id)).toHaveLength(1);
    // Two still fit; then it is full.
    await holdSeat(db, family(seminar.id, 4, 2), site);
    await expect(holdSeat(db, family(seminar.id, 5, 1), site)).rejects.toBeInstanceOf(SeminarFullError);
  });

  it("releasing a 3-seat hold gives the 3 seats back", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db, { maxAttendees: 4 });
    const hold = await holdSeat(db, family(seminar.id, 6, 3), site);
    expect(await releaseHold(db, hold.bookingId)).toBe(true);
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(0);
    expect(await releaseHold(db, hold.bookingId)).toBe(false);
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(0);
  });

  it("a lapsed group hold frees all its seats for the next booking (the careful path)", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db, { maxAttendees: 4 });
    await holdSeat(db, family(seminar.id, 7, 3), { ...site, now: new Date(Date.now() - 31 * 60_000) });
    const hold = await holdSeat(db, family(seminar.id, 8, 4), site);
    expect(hold.seats).toBe(4);
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(4);
  });

  it("refuses a booking whose names do not match its seats, taking nothing", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db, { maxAttendees: 10 });
    await expect(holdSeat(db, { ...family(seminar.id, 9, 3), attendeeNames: ["Only one"] }, site)).rejects.toThrow("one name per seat");
    await expect(holdSeat(db, family(seminar.id, 10, 7), site)).rejects.toThrow("1 to 6 seats");
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(0);
  });

  it("20 families trying for 2 or 3 seats each never oversell 10 seats", async () => {
    const { db } = database;
    const seminar = await insertSeminar(db, { maxAttendees: 10 });
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, n) => holdSeat(db, family(seminar.id, 100 + n, n % 4 === 3 ? 2 : 3), site)));
    const held = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason).toSatisfy((error) => error instanceof SeminarFullError || error instanceof NotEnoughSeatsError);
    }
    const seatsHeld = held.reduce((sum, hold) => sum + hold.seats, 0);
    expect(seatsHeld).toBeLessThanOrEqual(10);
    expect(seatsHeld).toBeGreaterThanOrEqual(9);
    expect((await seminarById(db, seminar.id))!.currentAttendees).toBe(seatsHeld);
    const rows = await bookingsOf(seminar.id);
    expect(rows.reduce((sum, row) => sum + row.seats, 0)).toBe(seatsHeld);
  });
});
