import type { Db } from "#db/client.ts";
import { seminarBookings, users } from "#db/schema/index.ts";
import { addDays } from "~/lib/format.ts";
import { insertSeminar } from "../../../../tests/support/fixtures.ts";
import { reminderMark, seminarStart } from "../reminders.ts";

// Seminars and bookings as the reminder tests need them (not shipped: only tests import this).

let seminarsMade = 0;

/**
 * A seminar starting at 18:00 in Johannesburg, and the instant `hours` before it. Each is
 * ten days after the one before, so a clock set near one is past the others or too far
 * before them for any reminder: the bookings tests leave behind (money is never deleted) stay quiet.
 */
export async function reminderSeminar(db: Db, overrides: Parameters<typeof insertSeminar>[1] = {}) {
  seminarsMade += 1;
  const seminar = await insertSeminar(db, { seminarDate: addDays("2031-03-10", seminarsMade * 10), seminarTime: "18:00", ...overrides });
  const start = seminarStart(seminar);
  return { seminar, start, hoursBefore: (hours: number) => reminderMark(start, hours) };
}

export type ReminderBookingKind = "paid" | "added" | "hold" | "cancelled";

/** A booking as the booking code would leave it, made at `createdAt`: paid and confirmed, added by staff (confirmed, unpaid), a live hold, or cancelled. */
export async function reminderBooking(db: Db, seminarId: string, kind: ReminderBookingKind, createdAt: Date, name: string) {
  const email = `${name.toLowerCase()}.${seminarId.slice(0, 8)}@example.co.za`;
  const [person] = await db.insert(users).values({ firstName: name, lastName: "Dlamini", email, phone: "+27 82 555 0100" }).returning();
  const [booking] = await db
    .insert(seminarBookings)
    .values({
      userId: person!.id,
      seminarId,
      firstName: name,
      lastName: "Dlamini",
      email,
      status: kind === "paid" || kind === "added" ? "confirmed" : kind === "hold" ? "pending" : "cancelled",
      isPaid: kind === "paid" || kind === "cancelled",
      amountCents: 120000,
      holdExpiresAt: kind === "hold" ? new Date(createdAt.getTime() + 30 * 60_000) : null,
      paidAt: kind === "paid" ? createdAt : null,
      cancelledAt: kind === "cancelled" ? createdAt : null,
      createdAt,
    })
    .returning();
  return booking!;
}
