import { ArrowRight, CalendarDays, MessageSquare, Ticket, Users } from "lucide-react";
import { Link } from "react-router";
import { formatRand } from "~/lib/format.ts";
import type { DashboardOverview } from "../service.server.ts";

const tiles = [
  { key: "users", label: "Users", to: "/admin/users", icon: Users },
  { key: "consultations", label: "Consultations", to: "/admin/consultations", icon: MessageSquare },
  { key: "seminars", label: "Seminars", to: "/admin/seminars", icon: CalendarDays },
  { key: "seminarBookings", label: "Seminar Bookings", to: "/admin/bookings", icon: Ticket },
] as const;

const countFormat = new Intl.NumberFormat("en-GB");

/** This month's revenue from the ledger, net of refunds, and the upcoming seminars' fill rate (docs/product.md §3.3). */
function BusinessPulse({ revenue, fill }: Pick<DashboardOverview, "revenue" | "fill">) {
  const figures = [
    { term: "Seminars", value: formatRand(revenue.seminarCents) },
    { term: "Consultations", value: formatRand(revenue.consultationCents) },
    { term: revenue.payments === 1 ? "1 payment" : `${countFormat.format(revenue.payments)} payments`, value: formatRand(revenue.paymentCents) },
    { term: revenue.refunds === 1 ? "1 refund" : `${countFormat.format(revenue.refunds)} refunds`, value: formatRand(-revenue.refundCents) },
  ];
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <article className="rounded-xl border border-ink-100 bg-white p-4 shadow-sm">
        <h3 className="font-sans text-sm font-semibold tracking-normal text-ink-700">Revenue in {revenue.monthLabel}</h3>
        <p className="mt-1 text-3xl font-semibold text-ink-950 tabular-nums">{formatRand(revenue.netCents)}</p>
        <dl className="mt-2 grid grid-cols-1 gap-x-5 gap-y-1 text-sm text-ink-800 sm:grid-cols-2">
          {figures.map((figure) => (
            <div key={figure.term} className="flex justify-between gap-2 sm:justify-start">
              <dt>{figure.term}</dt>
              <dd className="font-semibold tabular-nums">{figure.value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-xs text-ink-600">
          Payments received minus refunds made this calendar month (South African time), from the ledger. All time: {formatRand(revenue.allTimeNetCents)}.
        </p>
        <Link
          to={`/admin/statement?month=${revenue.month}`}
          className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-ink-900 underline-offset-2 hover:underline"
        >
          Statement for {revenue.monthLabel}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </article>
      <article className="rounded-xl border border-ink-100 bg-white p-4 shadow-sm">
        <h3 className="font-sans text-sm font-semibold tracking-normal text-ink-700">Upcoming seminars’ fill rate</h3>
        {fill.percent === null ? (
          <p className="mt-2 text-sm text-ink-700">No upcoming seminars.</p>
        ) : (
          <>
            <p className="mt-1 text-3xl font-semibold text-ink-950 tabular-nums">{fill.percent}%</p>
            <div aria-hidden="true" className="mt-2 h-2 overflow-hidden rounded-full bg-ink-100">
              <div className="h-full rounded-full bg-veld-600" style={{ width: `${Math.min(fill.percent, 100)}%` }} />
            </div>
            <p className="mt-2 text-sm text-ink-800">
              {countFormat.format(fill.seatsTaken)} of {countFormat.format(fill.seatsOffered)} seats taken across {fill.seminars} upcoming active {fill.seminars === 1 ? "seminar" : "seminars"}.
            </p>
          </>
        )}
      </article>
    </div>
  );
}

/** 'Overview Statistics': four count tiles that open their screens, then this month's money and seats. */
export function OverviewStatistics({ counts, revenue, fill }: Pick<DashboardOverview, "counts" | "revenue" | "fill">) {
  return (
    <section aria-labelledby="overview-heading" className="space-y-3">
      <h2 id="overview-heading" className="text-xl font-semibold text-ink-900">
        Overview Statistics
      </h2>
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {tiles.map((tile) => (
          <li key={tile.key}>
            <Link
              to={tile.to}
              className="group flex h-full flex-col justify-between rounded-xl border border-ink-100 bg-white p-4 shadow-sm transition-colors hover:border-ink-900"
            >
              <span className="flex items-center justify-between gap-2 text-sm font-semibold text-ink-700">
                {tile.label}
                <tile.icon aria-hidden="true" className="size-5 text-ink-500 group-hover:text-ink-900" />
              </span>
              <span className="mt-2 text-3xl font-semibold text-ink-950 tabular-nums">{countFormat.format(counts[tile.key])}</span>
            </Link>
          </li>
        ))}
      </ul>
      <BusinessPulse revenue={revenue} fill={fill} />
    </section>
  );
}
