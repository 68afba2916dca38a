import { ArrowRight, CalendarCheck, MessageSquare, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatAdminDate } from "~/components/admin/dates.ts";
import { StatusBadge } from "~/components/admin/status-badge.tsx";
import { ConsultationStatusBadge } from "~/features/consultations/components/admin/consultation-status-badge.tsx";
import { MoneyBadge } from "~/features/payments/components/money-badge.tsx";
import { BookingStateBadge } from "~/features/seminars/admin/components/booking-state.tsx";
import type { DashboardOverview } from "../service.server.ts";

function ActivityCard({ title, icon, empty, link, children }: { title: string; icon: ReactNode; empty: string; link?: { to: string; label: string }; children?: ReactNode }) {
  return (
    <article className="flex flex-col rounded-xl border border-ink-100 bg-white p-4 shadow-sm">
      <h3 className="flex items-center gap-2 font-sans text-sm font-semibold tracking-normal text-ink-700">
        {icon}
        {title}
      </h3>
      <div className="mt-3 flex-1">{children ?? <p className="text-sm text-ink-700">{empty}</p>}</div>
      {children && link ? (
        <Link to={link.to} className="mt-3 inline-flex items-center gap-1 self-start text-sm font-semibold text-ink-900 underline-offset-2 hover:underline">
          {link.label}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
    </article>
  );
}

const iconClass = "size-4 text-ink-600";

/** 'Latest Activity': the newest user, consultation and seminar booking, or the empty texts of docs/product.md §3.3. */
export function LatestActivity({ overview }: { overview: Pick<DashboardOverview, "latestUser" | "latestConsultation" | "latestSeminarBooking"> }) {
  const { latestUser: user, latestConsultation: consultation, latestSeminarBooking: booking } = overview;
  return (
    <section aria-labelledby="latest-activity-heading" className="space-y-3">
      <h2 id="latest-activity-heading" className="text-xl font-semibold text-ink-900">
        Latest Activity
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        <ActivityCard
          title="Latest Registered User"
          icon={<UserRound aria-hidden="true" className={iconClass} />}
          empty="No users registered yet"
          link={user ? { to: `/admin/users?q=${encodeURIComponent(user.email)}`, label: "Open in Users" } : undefined}
        >
          {user ? (
            <>
              <p className="font-semibold text-ink-950">{user.name}</p>
              <p className="text-sm break-all text-ink-800">{user.email}</p>
              <p className="mt-1 text-xs text-ink-600">Joined {formatAdminDate(user.createdAt)}</p>
            </>
          ) : undefined}
        </ActivityCard>
        <ActivityCard
          title="Latest Consultation"
          icon={<MessageSquare aria-hidden="true" className={iconClass} />}
          empty="No consultations booked yet"
          link={consultation ? { to: `/admin/consultations?view=${consultation.id}`, label: "View details" } : undefined}
        >
          {consultation ? (
            <>
              <p className="font-semibold text-ink-950">{consultation.clientName}</p>
              <p className="mt-1 flex flex-wrap items-center gap-1.5">
                <StatusBadge tone={consultation.typeLabel === "FREE" ? "blue" : "grey"}>{consultation.typeLabel}</StatusBadge>
                <ConsultationStatusBadge status={consultation.status} />
                {consultation.typeLabel === "PAID" ? <MoneyBadge state={consultation.money} /> : null}
              </p>
              <p className="mt-1 text-xs text-ink-600">Requested {formatAdminDate(consultation.createdAt)}</p>
            </>
          ) : undefined}
        </ActivityCard>
        <ActivityCard
          title="Latest Seminar Booking"
          icon={<CalendarCheck aria-hidden="true" className={iconClass} />}
          empty="No seminar bookings yet"
          link={booking ? { to: "/admin/bookings", label: "All bookings" } : undefined}
        >
          {booking ? (
            <>
              <p className="font-semibold text-ink-950">{booking.name}</p>
              <p className="text-sm text-ink-800">{booking.seminarTitle}</p>
              <p className="mt-1 flex flex-wrap items-center gap-2">
                <BookingStateBadge state={booking.state} />
                <span className="text-xs text-ink-600">Booked {formatAdminDate(booking.createdAt)}</span>
              </p>
            </>
          ) : undefined}
        </ActivityCard>
      </div>
    </section>
  );
}
