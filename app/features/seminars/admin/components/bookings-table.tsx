import { Link } from "react-router";
import { DataTable, type Column } from "~/components/admin/data-table.tsx";
import { formatAdminDateTime } from "~/components/admin/dates.ts";
import { EmptyState } from "~/components/admin/load-error.tsx";
import { RefundLink } from "~/features/payments/components/refund-dialog.tsx";
import { formatRand, phoneForDisplay } from "~/lib/format.ts";
import type { AdminBookingView } from "../bookings.server.ts";
import { preferredContactLabel } from "~/features/contacts/rules.ts";
import { seminarDateLabel, seminarTitleLabel } from "../rules.ts";
import { BookingHistoryLink, BookingStateBadge, CancellationNote } from "./booking-state.tsx";

const columns: ReadonlyArray<Column<AdminBookingView>> = [
  {
    key: "booking",
    header: "Booking",
    cell: (booking) => (
      <>
        <p className="font-mono text-xs font-semibold text-ink-950">{booking.reference}</p>
        <p className="text-xs whitespace-nowrap text-ink-700">{formatAdminDateTime(booking.bookedAt)}</p>
        <BookingHistoryLink bookingId={booking.id} />
      </>
    ),
  },
  {
    key: "contact",
    header: "Contact",
    cell: (booking) => (
      <>
        <p className="font-semibold text-ink-950">
          {booking.firstName} {booking.lastName}
        </p>
        <a href={`mailto:${booking.email}`} className="flex min-h-6 items-center text-xs break-all text-ink-800 underline-offset-2 hover:underline">
          {booking.email}
        </a>
        {booking.phone ? (
          <a href={`tel:${booking.phone.replace(/[^\d+]/g, "")}`} className="flex min-h-6 items-center text-xs text-ink-800 underline-offset-2 hover:underline">
            {phoneForDisplay(booking.phone)}
          </a>
        ) : null}
        <p className="text-xs text-ink-700">Prefers {preferredContactLabel(booking.preferredContact)}</p>
      </>
    ),
  },
  {
    key: "seminar",
    header: "Seminar",
    cell: (booking) => (
      <>
        <p className="font-semibold text-ink-950">{seminarTitleLabel(booking.seminar.title)}</p>
        <p className="text-xs text-ink-700">
          {seminarDateLabel(booking.seminar.seminarDate)}, {booking.seminar.city}
        </p>
      </>
    ),
  },
  {
    key: "state",
    header: "State",
    className: "max-w-64",
    cell: (booking) => (
      <>
        <BookingStateBadge state={booking.state} />
        {booking.cancellation ? <CancellationNote cancellation={booking.cancellation} /> : null}
      </>
    ),
  },
  {
    key: "payment",
    header: "Payment",
    cell: (booking) =>
      booking.paidAt || booking.isPaid ? (
        <>
          <p className="text-xs whitespace-nowrap text-ink-800">Paid {formatAdminDateTime(booking.paidAt)}</p>
          {booking.refundedCents > 0 ? <p className="text-xs whitespace-nowrap text-ink-800">{formatRand(booking.refundedCents)} refunded</p> : null}
          {booking.isPaid ? <RefundLink bookingKind="seminar" bookingId={booking.id} reference={booking.reference} /> : null}
        </>
      ) : (
        <p className="text-xs text-ink-700">Not paid</p>
      ),
  },
  {
    key: "amount",
    header: "Amount",
    headerClassName: "text-right",
    className: "text-right whitespace-nowrap",
    cell: (booking) => (
      <>
        <p className="font-semibold text-ink-950">{formatRand(booking.amountCents)}</p>
        {booking.seats > 1 ? <p className="text-xs text-ink-700">{booking.seats} seats</p> : null}
        {booking.isPaid && booking.netCents !== booking.amountCents ? <p className="text-xs text-ink-700">Net {formatRand(booking.netCents)}</p> : null}
      </>
    ),
  },
];

/** Every seminar booking on this page, with its contact, seminar, state (and who cancelled it) and payment. */
export function BookingsTable({ bookings, filtered }: { bookings: readonly AdminBookingView[]; filtered: boolean }) {
  return (
    <DataTable
      caption="Seminar bookings, newest first"
      columns={columns}
      rows={bookings}
      rowKey={(booking) => booking.id}
      minWidth="56rem"
      empty={
        filtered ? (
          <EmptyState title="No bookings match these filters." detail="Try another search, or clear the filters.">
            <Link to="/admin/bookings" className="font-semibold text-ink-900 underline underline-offset-4">
              Clear search and filters
            </Link>
          </EmptyState>
        ) : (
          <EmptyState title="No seminar bookings yet" detail="Bookings appear here as soon as someone reserves a seat.">
            <Link to="/admin/seminars" className="font-semibold text-ink-900 underline underline-offset-4">
              Go to the seminars
            </Link>
          </EmptyState>
        )
      }
    />
  );
}
