import type { Db } from "#db/client.ts";
import { bookingReference } from "~/lib/ids.ts";
import { centsToDecimal, todayIn } from "~/lib/format.ts";
import { pageWithin } from "~/lib/pagination.ts";
import { countBookingsForAdmin, listBookingsForAdmin, seminarOptions, type AdminBookingListRow } from "./queries.server.ts";
import { preferredContactLabel } from "~/features/contacts/rules.ts";
import { netPaidCents } from "~/features/payments/booking-money.ts";
import { csvDocument, csvDownload } from "~/lib/csv.server.ts";
import { bookingState, saDateTime, type BookingState, type CancellationFacts } from "./rules.ts";
import { ADMIN_BOOKINGS_PAGE_SIZE, type BookingListQuery } from "./schema.ts";

// /admin/bookings: every seminar booking with its contact and seminar, searched and
// filtered on the server, 25 a page, and the CSV export of all the filtered rows. Every row
// shows its state ("Confirmed · Paid", "Cancelled · Refund due"...) and, once cancelled, who
// cancelled it, when and why (docs/decisions/015).

export type AdminBookingView = {
  id: string;
  reference: string;
  bookedAt: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  preferredContact: string;
  status: string;
  isPaid: boolean;
  state: BookingState;
  amountCents: number;
  refundedCents: number;
  /** Paid less refunded: what the business keeps. */
  netCents: number;
  paidAt: string | null;
  cancellation: CancellationFacts | null;
  notes: string | null;
  seminar: { id: string; title: string; seminarDate: string; seminarTime: string; city: string };
};

function bookingView(row: AdminBookingListRow, now: Date): AdminBookingView {
  return {
    id: row.id,
    reference: bookingReference(row.id),
    bookedAt: row.createdAt.toISOString(),
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    preferredContact: row.preferredContact,
    status: row.status,
    isPaid: row.isPaid,
    state: bookingState(row, now),
    amountCents: row.amountCents,
    refundedCents: row.refundedCents,
    netCents: netPaidCents(row),
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    cancellation: row.cancelledAt ? { cancelledAt: row.cancelledAt.toISOString(), cancelledBy: row.cancelledBy, cancelReason: row.cancelReason } : null,
    notes: row.notes,
    seminar: { id: row.seminarId, title: row.seminarTitle, seminarDate: row.seminarDate, seminarTime: row.seminarTime.slice(0, 5), city: row.seminarCity },
  };
}

export type SeminarOption = { id: string; label: string };

/** One page of bookings matching the filters, with the seminar filter's options. */
export async function adminBookingsPage(db: Db, query: BookingListQuery, now = new Date()) {
  const [total, seminars] = await Promise.all([countBookingsForAdmin(db, query), seminarOptions(db)]);
  const { page, pageCount, offset } = pageWithin(total, query.page, ADMIN_BOOKINGS_PAGE_SIZE);
  const rows = total === 0 ? [] : await listBookingsForAdmin(db, query, { limit: ADMIN_BOOKINGS_PAGE_SIZE, offset });
  return {
    bookings: rows.map((row) => bookingView(row, now)),
    total,
    page,
    pageCount,
    seminars: seminars.map((seminar) => ({ id: seminar.id, label: `${seminar.title} (${seminar.city}, ${seminar.seminarDate})` })) satisfies SeminarOption[],
  };
}

export const BOOKINGS_CSV_COLUMNS = [
  "Booking reference",
  "Booked at",
  "Seminar",
  "Seminar date",
  "City",
  "First name",
  "Last name",
  "E-mail",
  "Phone",
  "Preferred contact",
  "State",
  "Paid",
  "Amount (R)",
  "Paid at",
  "Refunded (R)",
  "Net (R)",
  "Cancelled at",
  "Cancelled by",
  "Cancel reason",
] as const;

function csvRow(row: AdminBookingListRow, now: Date): string[] {
  return [
    bookingReference(row.id),
    saDateTime(row.createdAt),
    row.seminarTitle,
    row.seminarDate,
    row.seminarCity,
    row.firstName,
    row.lastName,
    row.email,
    row.phone ?? "",
    preferredContactLabel(row.preferredContact),
    bookingState(row, now).label,
    row.isPaid ? "Yes" : "No",
    centsToDecimal(row.amountCents),
    saDateTime(row.paidAt),
    centsToDecimal(row.refundedCents),
    centsToDecimal(netPaidCents(row)),
    saDateTime(row.cancelledAt),
    row.cancelledBy ?? "",
    row.cancelReason ?? "",
  ];
}

/**
 * Every booking matching the filters (all pages) as CSV, times in South African time, written
 * like every admin CSV (app/lib/csv.server.ts: byte-order mark, formula-like cells defused).
 */
export async function bookingsCsv(db: Db, query: Omit<BookingListQuery, "page">, now = new Date()): Promise<{ filename: string; body: string }> {
  const rows = await listBookingsForAdmin(db, query);
  const body = csvDocument(BOOKINGS_CSV_COLUMNS, rows.map((row) => csvRow(row, now)));
  return { filename: `seminar-bookings-${todayIn("Africa/Johannesburg", now)}.csv`, body };
}

/** The CSV as a download (never cached: it holds personal data). */
export async function bookingsCsvResponse(db: Db, query: Omit<BookingListQuery, "page">, now = new Date()): Promise<Response> {
  const { filename, body } = await bookingsCsv(db, query, now);
  return csvDownload(filename, body);
}
