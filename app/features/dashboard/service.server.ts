import type { Db } from "#db/client.ts";
import type { ConsultationStatus, SeminarBookingStatus } from "#db/schema/enums.ts";
import { contactName } from "~/features/contacts/rules.ts";
import { typeLabel } from "~/features/consultations/admin-schema.ts";
import { zonedWallTimeToUtc } from "~/features/mail/zoned-time.ts";
import { SA_TIME_ZONE, todayIn } from "~/lib/format.ts";
import {
  countRecords,
  findLatestConsultation,
  findLatestContact,
  findLatestSeminarBooking,
  sumPaidBetween,
  sumUpcomingSeats,
  type RecordCounts,
} from "./queries.server.ts";

// /admin/dashboard (docs/product.md §3.3): latest activity, counts, the money paid
// this month and how full the upcoming seminars are.

export type MonthBounds = { from: Date; to: Date; label: string };

/** The calendar month containing `now` in South Africa, as instants [from, to), e.g. "March 2026". */
export function monthInSouthAfrica(now: Date): MonthBounds {
  const [year, month] = todayIn(SA_TIME_ZONE, now).split("-").map(Number) as [number, number];
  const pad = (value: number) => String(value).padStart(2, "0");
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  const label = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(year, month - 1, 1)));
  return {
    from: zonedWallTimeToUtc(`${year}-${pad(month)}-01`, "00:00", SA_TIME_ZONE),
    to: zonedWallTimeToUtc(`${next.year}-${pad(next.month)}-01`, "00:00", SA_TIME_ZONE),
    label,
  };
}

export type DashboardOverview = {
  latestUser: { id: string; name: string; email: string; createdAt: Date } | null;
  latestConsultation: { id: string; clientName: string; typeLabel: "FREE" | "PAID"; status: ConsultationStatus; isPaid: boolean; createdAt: Date } | null;
  latestSeminarBooking: {
    id: string;
    name: string;
    seminarTitle: string;
    status: SeminarBookingStatus;
    isPaid: boolean;
    createdAt: Date;
  } | null;
  counts: RecordCounts;
  revenue: { monthLabel: string; totalCents: number; seminarCents: number; consultationCents: number; payments: number };
  /** Seats over upcoming active seminars; percent is null when none are offered. */
  fill: { seminars: number; seatsTaken: number; seatsOffered: number; percent: number | null };
};

export async function dashboardOverview(db: Db, now = new Date()): Promise<DashboardOverview> {
  const month = monthInSouthAfrica(now);
  const [user, consultation, seminarBooking, counts, paid, seats] = await Promise.all([
    findLatestContact(db),
    findLatestConsultation(db),
    findLatestSeminarBooking(db),
    countRecords(db),
    sumPaidBetween(db, month.from, month.to),
    sumUpcomingSeats(db, todayIn(SA_TIME_ZONE, now)),
  ]);
  return {
    latestUser: user ? { id: user.id, name: contactName(user), email: user.email, createdAt: user.createdAt } : null,
    latestConsultation: consultation
      ? {
          id: consultation.id,
          clientName: contactName(consultation, "Unknown Client"),
          typeLabel: typeLabel(consultation.consultationType),
          status: consultation.status,
          isPaid: consultation.isPaid,
          createdAt: consultation.createdAt,
        }
      : null,
    latestSeminarBooking: seminarBooking
      ? {
          id: seminarBooking.id,
          name: contactName(seminarBooking),
          seminarTitle: seminarBooking.seminarTitle?.trim() || "Untitled Seminar",
          status: seminarBooking.status,
          isPaid: seminarBooking.isPaid,
          createdAt: seminarBooking.createdAt,
        }
      : null,
    counts,
    revenue: {
      monthLabel: month.label,
      totalCents: paid.seminarCents + paid.consultationCents,
      seminarCents: paid.seminarCents,
      consultationCents: paid.consultationCents,
      payments: paid.seminarPayments + paid.consultationPayments,
    },
    fill: {
      ...seats,
      percent: seats.seatsOffered > 0 ? Math.round((seats.seatsTaken / seats.seatsOffered) * 100) : null,
    },
  };
}
