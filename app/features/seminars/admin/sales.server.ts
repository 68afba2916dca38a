import { sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { seminarBookings } from "#db/schema/index.ts";
import { bookingsFirstPaidByMonth, type LedgerPeriod } from "~/features/payments/service.server.ts";

// Seats sold (docs/decisions/015, "Reports"): a seminar booking's seats (ADR 024: up to 6; as
// the booking stands now, so a seat cancelled since is no longer sold), sold in the month its
// payment reached the ledger; a booking whose money has all gone back is no sale. A partly
// refunded booking still counts. A ledger entry whose booking is not found counts as one seat.

/** Seats sold in each `timeZone` month of the period ("2026-03"); months without sales are left out. */
export async function seatsSoldByMonth(db: Db, period: LedgerPeriod, timeZone: string): Promise<{ month: string; seats: number }[]> {
  const seats = (bookingId: SQL) => sql`coalesce((select ${seminarBookings.seats} from ${seminarBookings} where ${seminarBookings.id} = ${bookingId}), 1)`;
  const sold = await bookingsFirstPaidByMonth(db, "seminar", period, timeZone, seats);
  return sold.map(({ month, bookings }) => ({ month, seats: bookings }));
}
