import type { Db } from "#db/client.ts";
import { bookingsFirstPaidByMonth, type LedgerPeriod } from "~/features/payments/service.server.ts";

// Seats sold (docs/decisions/015, "Reports"): a seminar booking is one seat, sold in the month
// its payment reached the ledger; a booking whose money has all gone back is no sale. A
// partly refunded seat still counts.

/** Seats sold in each `timeZone` month of the period ("2026-03"); months without sales are left out. */
export async function seatsSoldByMonth(db: Db, period: LedgerPeriod, timeZone: string): Promise<{ month: string; seats: number }[]> {
  const sold = await bookingsFirstPaidByMonth(db, "seminar", period, timeZone);
  return sold.map(({ month, bookings }) => ({ month, seats: bookings }));
}
