import type { Db } from "#db/client.ts";
import type { ConsultationStatus } from "#db/schema/enums.ts";
import { contactName } from "~/features/contacts/rules.ts";
import { typeLabel } from "~/features/consultations/admin-schema.ts";
import { moneyState, type MoneyState } from "~/features/payments/booking-money.ts";
import { ledgerGroupsByMonth, ledgerTotals, ledgerTotalsOf } from "~/features/payments/service.server.ts";
import { bookingState, type BookingState } from "~/features/seminars/admin/rules.ts";
import { latestDoorAttendance, seatsSoldByMonth, type DoorAttendance } from "~/features/seminars/service.server.ts";
import { SA_TIME_ZONE, todayIn } from "~/lib/format.ts";
import { monthlyFigures, type MonthlyFigures } from "./monthly-figures.ts";
import { monthLabel, monthOf, monthsEndingWith, type MonthKey } from "./months.ts";
import { countRecords, findLatestConsultation, findLatestContact, findLatestSeminarBooking, sumUpcomingSeats, type RecordCounts } from "./queries.server.ts";

// /admin/dashboard (docs/product.md §3.3): latest activity, counts, this month's revenue and
// the last twelve months' from the ledger (payments minus refunds), and how full the upcoming
// seminars are.

/** How many months "Revenue and seats sold by month" shows, the current one last. */
export const MONTHS_CHARTED = 12;

export type RevenueSummary = {
  month: MonthKey;
  monthLabel: string;
  /** This month's payments minus its refunds, in ZAR cents; then each kind's share of it. */
  netCents: number;
  seminarCents: number;
  consultationCents: number;
  paymentCents: number;
  refundCents: number;
  payments: number;
  refunds: number;
  /** Everything the ledger holds, payments minus refunds. */
  allTimeNetCents: number;
  /** False while nothing was ever paid or refunded ("No payments yet"). */
  hasLedgerEntries: boolean;
};

/** This month's revenue and the last MONTHS_CHARTED months' figures, from the ledger's monthly summary (docs/decisions/034). */
async function revenueFromLedger(db: Db, now: Date): Promise<{ revenue: RevenueSummary; monthly: MonthlyFigures[] }> {
  const month = monthOf(now);
  const months = monthsEndingWith(month, MONTHS_CHARTED);
  const charted = { first: months[0]!, last: month };
  const [groups, allTime, seats] = await Promise.all([ledgerGroupsByMonth(db, charted), ledgerTotals(db), seatsSoldByMonth(db, charted)]);
  const thisMonth = ledgerTotalsOf(groups.filter((group) => group.month === month));
  return {
    revenue: {
      month,
      monthLabel: monthLabel(month),
      netCents: thisMonth.netCents,
      seminarCents: thisMonth.byKind.seminar.netCents,
      consultationCents: thisMonth.byKind.consultation.netCents,
      paymentCents: thisMonth.paymentCents,
      refundCents: thisMonth.refundCents,
      payments: thisMonth.payments,
      refunds: thisMonth.refunds,
      allTimeNetCents: allTime.netCents,
      hasLedgerEntries: allTime.payments + allTime.refunds > 0,
    },
    monthly: monthlyFigures(months, groups, seats),
  };
}

export type DashboardOverview = {
  latestUser: { id: string; name: string; email: string; createdAt: Date } | null;
  latestConsultation: { id: string; clientName: string; typeLabel: "FREE" | "PAID"; status: ConsultationStatus; money: MoneyState; createdAt: Date } | null;
  latestSeminarBooking: {
    id: string;
    name: string;
    seminarTitle: string;
    state: BookingState;
    createdAt: Date;
  } | null;
  counts: RecordCounts;
  revenue: RevenueSummary;
  /** The last MONTHS_CHARTED months, oldest first. */
  monthly: MonthlyFigures[];
  /** Seats over upcoming active seminars; percent is null when none are offered. */
  fill: { seminars: number; seatsTaken: number; seatsOffered: number; percent: number | null };
  /** Today's seminar (else the latest held) at the door: seats checked in of seats confirmed. */
  door: DoorAttendance | null;
};

export async function dashboardOverview(db: Db, now = new Date()): Promise<DashboardOverview> {
  const [user, consultation, seminarBooking, counts, money, seats, door] = await Promise.all([
    findLatestContact(db),
    findLatestConsultation(db),
    findLatestSeminarBooking(db),
    countRecords(db),
    revenueFromLedger(db, now),
    sumUpcomingSeats(db, todayIn(SA_TIME_ZONE, now)),
    latestDoorAttendance(db, now),
  ]);
  return {
    latestUser: user ? { id: user.id, name: contactName(user), email: user.email, createdAt: user.createdAt } : null,
    latestConsultation: consultation
      ? {
          id: consultation.id,
          clientName: contactName(consultation, "Unknown Client"),
          typeLabel: typeLabel(consultation.consultationType),
          status: consultation.status,
          money: moneyState(consultation),
          createdAt: consultation.createdAt,
        }
      : null,
    latestSeminarBooking: seminarBooking
      ? {
          id: seminarBooking.id,
          name: contactName(seminarBooking),
          seminarTitle: seminarBooking.seminarTitle?.trim() || "Untitled Seminar",
          state: bookingState(seminarBooking, now),
          createdAt: seminarBooking.createdAt,
        }
      : null,
    counts,
    ...money,
    fill: {
      ...seats,
      percent: seats.seatsOffered > 0 ? Math.round((seats.seatsTaken / seats.seatsOffered) * 100) : null,
    },
    door,
  };
}
