import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consultants, consultationBookings, users } from "#db/schema/index.ts";
import { testEngine, useTestDatabase } from "../../../../tests/support/test-database.ts";
import { insertSlotBooking, SLOT_TAKEN_MESSAGE, SlotTakenError, type SlotBookingRow } from "./slot-queries.server.ts";

// One consultant, one meeting at a time, kept by the database's exclusion constraint: 50
// requests racing for one slot give one booking; overlaps and buffers are refused; the next
// hour, another consultant's same hour and a cancelled booking's hour are free.

const database = useTestDatabase();
let counter = 0;

async function consultant(name = "Naledi Dube") {
  counter += 1;
  const [row] = await database.db
    .insert(consultants)
    .values({ name, email: `consultant.${counter}.${Date.now().toString(36)}@thula.example`, calendarToken: randomBytes(18).toString("base64url") })
    .returning();
  return row!;
}

async function contact() {
  counter += 1;
  const [row] = await database.db.insert(users).values({ firstName: "Thandi", lastName: "Nkosi", email: `slot.${counter}.${Date.now().toString(36)}@example.co.za` }).returning();
  return row!;
}

const hour = (iso: string, bufferMinutes = 0) => {
  const startsAt = new Date(iso);
  const endsAt = new Date(startsAt.getTime() + 60 * 60_000);
  return { startsAt, endsAt, blockedUntil: new Date(endsAt.getTime() + bufferMinutes * 60_000) };
};

function booking(person: typeof users.$inferSelect, consultantId: string, slot: ReturnType<typeof hour>): SlotBookingRow {
  return { userId: person.id, firstName: person.firstName, lastName: person.lastName, email: person.email, consultationType: "paid", amountCents: 349900, consultantId, ...slot };
}

const standing = async (consultantId: string) =>
  (await database.db.select({ n: sql<number>`count(*)::int` }).from(consultationBookings).where(sql`${consultationBookings.consultantId} = ${consultantId} and ${consultationBookings.status} not in ('cancelled', 'refunded')`))[0]!.n;

describe(`a consultation slot (${testEngine})`, () => {
  it("50 requests racing for one slot give exactly one booking; the others are told it was just taken", async () => {
    const naledi = await consultant();
    const people = await Promise.all(Array.from({ length: 50 }, () => contact()));
    const slot = hour("2026-12-08T12:00:00Z");
    const results = await Promise.allSettled(people.map((person) => database.db.transaction((tx) => insertSlotBooking(tx, booking(person, naledi.id, slot)))));
    const won = results.filter((result) => result.status === "fulfilled");
    const lost = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    for (const { reason } of lost) {
      expect(reason).toBeInstanceOf(SlotTakenError);
      expect((reason as Error).message).toBe(SLOT_TAKEN_MESSAGE);
    }
    expect(await standing(naledi.id)).toBe(1);
  });

  it("refuses an overlapping meeting and one inside the buffer; takes the hour after, and another consultant's same hour", async () => {
    const naledi = await consultant();
    const pieter = await consultant("Pieter Botha");
    const person = await contact();
    await insertSlotBooking(database.db, booking(person, naledi.id, hour("2026-12-09T10:00:00Z", 15)));
    await expect(insertSlotBooking(database.db, booking(person, naledi.id, hour("2026-12-09T10:30:00Z")))).rejects.toBeInstanceOf(SlotTakenError);
    // 11:00 starts inside the first meeting's fifteen minutes of buffer.
    await expect(insertSlotBooking(database.db, booking(person, naledi.id, hour("2026-12-09T11:00:00Z")))).rejects.toBeInstanceOf(SlotTakenError);
    await insertSlotBooking(database.db, booking(person, naledi.id, hour("2026-12-09T11:15:00Z")));
    await insertSlotBooking(database.db, booking(person, pieter.id, hour("2026-12-09T10:00:00Z")));
    expect(await standing(naledi.id)).toBe(2);
    expect(await standing(pieter.id)).toBe(1);
  });

  it("frees the hour of a cancelled booking, which stays on record", async () => {
    const naledi = await consultant();
    const person = await contact();
    const first = await insertSlotBooking(database.db, booking(person, naledi.id, hour("2026-12-10T09:00:00Z")));
    await database.db.update(consultationBookings).set({ status: "cancelled", cancelledAt: new Date(), cancelledBy: "Customer" }).where(eq(consultationBookings.id, first.id));
    const second = await insertSlotBooking(database.db, booking(person, naledi.id, hour("2026-12-10T09:00:00Z")));
    expect(second.id).not.toBe(first.id);
    // The cancelled booking cannot come back while its hour is taken.
    await expect(database.db.update(consultationBookings).set({ status: "pending" }).where(eq(consultationBookings.id, first.id))).rejects.toThrow();
  });

  it("keeps a request without a slot as it always was, and refuses half a slot", async () => {
    const person = await contact();
    await database.db.insert(consultationBookings).values({ userId: person.id, firstName: "Thandi", lastName: "Nkosi", email: person.email, preferredDatetime: "morning" });
    const naledi = await consultant();
    await expect(
      database.db.insert(consultationBookings).values({ userId: person.id, firstName: "Thandi", lastName: "Nkosi", email: person.email, consultantId: naledi.id, startsAt: new Date("2026-12-11T09:00:00Z") }),
    ).rejects.toThrow();
  });
});
