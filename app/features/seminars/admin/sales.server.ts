import { and, asc, gte, lte, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { seminarSalesMonths } from "#db/schema/index.ts";
import type { LedgerMonths } from "~/features/payments/service.server.ts";

// Seats sold (docs/decisions/015, "Reports"; 034): a seminar booking's seats (ADR 024: up to 6;
// as the booking stands now, so a seat cancelled since is no longer sold), sold in the South
// African month it was paid; a booking whose money has all gone back is no sale. A partly
// refunded booking still counts. The database keeps the sums by month (seminar_sales_months)
// as bookings are paid, refunded and lose seats, so this reads a dozen rows, not years of
// bookings.

/** Seats sold in each month from `first` to `last` ("2026-03"); months without sales are left out. */
export async function seatsSoldByMonth(db: Db, months: LedgerMonths): Promise<{ month: string; seats: number }[]> {
  const rows = await db
    .select({ month: sql<string>`to_char(${seminarSalesMonths.month}, 'YYYY-MM')`, seats: seminarSalesMonths.seats })
    .from(seminarSalesMonths)
    .where(and(gte(seminarSalesMonths.month, `${months.first}-01`), lte(seminarSalesMonths.month, `${months.last}-01`), sql`${seminarSalesMonths.seats} <> 0`))
    .orderBy(asc(seminarSalesMonths.month));
  return rows;
}
