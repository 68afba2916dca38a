import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { AdminDialog } from "~/components/admin/admin-dialog.tsx";
import { formatAdminDate } from "~/components/admin/dates.ts";
import { AdminNotice } from "~/components/admin/notice.tsx";
import { StatusBadge } from "~/components/admin/status-badge.tsx";
import { TryAgainButton } from "~/components/admin/load-error.tsx";
import { useUrlModal } from "~/components/admin/url-state.ts";
import { consultationStatusTone } from "~/features/consultations/rules.ts";
import { MoneyBadge } from "~/features/payments/components/money-badge.tsx";
import { seminarLocationLabel, seminarTitleLabel, seminarWhenLabel } from "~/features/seminars/admin/rules.ts";
import { BookingStateBadge } from "~/features/seminars/admin/components/booking-state.tsx";
import type { ContactConsultationItem, ContactSeminarBooking, UserBookingsModal } from "../admin.server.ts";

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function ConsultationList({ items }: { items: ContactConsultationItem[] }) {
  if (items.length === 0) return <p className="py-6 text-center text-ink-700">No consultations found for this user.</p>;
  return (
    <ul className="divide-y divide-ink-100 rounded-lg border border-ink-100">
      {items.map((item) => (
        <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2.5">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-semibold text-ink-950">
              {item.typeLabel}
              <StatusBadge tone={consultationStatusTone(item.status)}>{capitalise(item.status)}</StatusBadge>
              {item.free ? null : <MoneyBadge state={item.money} />}
            </p>
            <p className="text-sm text-ink-700">
              Requested {formatAdminDate(item.createdAt)} · {item.preferredTime}
            </p>
          </div>
          <Link to={`/admin/consultations?view=${item.id}`} className="inline-flex items-center gap-1 text-sm font-semibold text-ink-900 underline-offset-2 hover:underline">
            View details
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function SeminarList({ items }: { items: ContactSeminarBooking[] }) {
  if (items.length === 0) return <p className="py-6 text-center text-ink-700">No seminar bookings found for this user.</p>;
  return (
    <ul className="divide-y divide-ink-100 rounded-lg border border-ink-100">
      {items.map((item) => (
        <li key={item.id} className="flex flex-wrap items-start justify-between gap-3 px-3 py-2.5">
          <div className="min-w-0">
            <p className="font-semibold text-ink-950">{seminarTitleLabel(item.seminarTitle)}</p>
            <p className="text-sm text-ink-700">{seminarWhenLabel(item)}</p>
            <p className="text-sm text-ink-700">{seminarLocationLabel(item)}</p>
            <p className="text-xs text-ink-600">Booked {formatAdminDate(item.createdAt)}</p>
          </div>
          <BookingStateBadge state={item.state} />
        </li>
      ))}
    </ul>
  );
}

/** The modal behind a count on the Users screen: that person's consultations or seminar bookings. */
export function UserBookingsDialog({ bookings }: { bookings: UserBookingsModal | null }) {
  const consultations = useUrlModal("consultations");
  const seminars = useUrlModal("seminars");
  if (!bookings) return null;
  const modal = bookings.kind === "consultations" ? consultations : seminars;
  const title = bookings.kind === "consultations" ? `Consultations of ${bookings.user.name}` : `Seminar bookings of ${bookings.user.name}`;
  return (
    <AdminDialog open={modal.open} onOpenChange={(next) => !next && modal.close()} title={title} size="md">
      {!bookings.loaded.ok ? (
        <div className="space-y-3">
          <AdminNotice tone="error">{bookings.loaded.message}</AdminNotice>
          <TryAgainButton />
        </div>
      ) : bookings.kind === "consultations" ? (
        <ConsultationList items={bookings.loaded.items} />
      ) : (
        <SeminarList items={bookings.loaded.items} />
      )}
    </AdminDialog>
  );
}
