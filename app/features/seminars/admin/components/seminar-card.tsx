import { clsx } from "clsx";
import { CalendarDays, ListOrdered, MapPin, Pencil, ScanLine, Users } from "lucide-react";
import { Link } from "react-router";
import { StatusBadge } from "~/components/admin/status-badge.tsx";
import { formatRand } from "~/lib/format.ts";
import type { AdminSeminarView } from "../seminars.server.ts";
import { seminarLocationLabel, seminarTitleLabel, seminarWhenLabel } from "../rules.ts";
import { hasFreeSeat } from "../../seats/rules.ts";
import { CancellationNote } from "./booking-state.tsx";
import { checkInPath } from "../../checkin/rules.ts";

type Props = {
  seminar: AdminSeminarView;
  editHref: string;
  attendeesHref: string;
};

/** One seminar in the admin grid (docs/product.md §3.6): every field, the Active/Inactive/Cancelled badge (and who cancelled it), edit and 'Manage Attendees'. */
export function SeminarCard({ seminar, editHref, attendeesHref }: Props) {
  const title = seminarTitleLabel(seminar.title);
  const full = !hasFreeSeat(seminar);
  return (
    <article
      aria-labelledby={`seminar-${seminar.id}-title`}
      data-testid="seminar-card"
      className={clsx(
        "flex h-full flex-col rounded-xl border p-5 shadow-sm",
        // Inactive seminars are dimmed: a grey, dashed card (the text keeps its AA contrast).
        seminar.isActive ? "border-ink-100 bg-white" : "border-dashed border-ink-300 bg-ink-100/70",
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={`seminar-${seminar.id}-title`} className="min-w-0 font-sans text-lg leading-snug font-semibold text-ink-950">
          {title}
        </h2>
        <div className="flex shrink-0 items-center gap-1">
          {seminar.cancelledAt ? (
            <StatusBadge tone="red">Cancelled</StatusBadge>
          ) : (
            <StatusBadge tone={seminar.isActive ? "green" : "grey"}>{seminar.isActive ? "Active" : "Inactive"}</StatusBadge>
          )}
          <Link to={editHref} preventScrollReset title={`Edit ${title}`} className="inline-flex size-9 items-center justify-center rounded-full text-ink-800 hover:bg-ink-100">
            <Pencil aria-hidden="true" className="size-4" />
            <span className="sr-only">Edit {title}</span>
          </Link>
        </div>
      </div>
      <dl className="mt-3 space-y-1.5 text-sm text-ink-800">
        <div className="flex items-start gap-2">
          <dt>
            <CalendarDays aria-hidden="true" className="mt-0.5 size-4 text-ink-600" />
            <span className="sr-only">Date and time</span>
          </dt>
          <dd>
            {seminar.seminarDate ? <time dateTime={`${seminar.seminarDate}T${seminar.seminarTime}`}>{seminarWhenLabel(seminar)}</time> : seminarWhenLabel(seminar)}
          </dd>
        </div>
        <div className="flex items-start gap-2">
          <dt>
            <MapPin aria-hidden="true" className="mt-0.5 size-4 text-ink-600" />
            <span className="sr-only">Location</span>
          </dt>
          <dd>{seminarLocationLabel(seminar)}</dd>
        </div>
        <div className="flex items-start gap-2">
          <dt>
            <Users aria-hidden="true" className="mt-0.5 size-4 text-ink-600" />
            <span className="sr-only">Attendees</span>
          </dt>
          <dd data-testid="seminar-attendees">
            <span className="font-semibold text-ink-950">
              {seminar.currentAttendees} / {seminar.maxAttendees}
            </span>{" "}
            attendees{full ? <span className="ml-1 font-semibold text-red-800">· Full</span> : null}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-lg font-semibold text-ink-950" data-testid="seminar-price">
        {formatRand(seminar.priceCents)}
      </p>
      {seminar.description ? <p className="mt-2 line-clamp-2 text-sm text-ink-700">{seminar.description}</p> : null}
      {seminar.cancelledAt ? (
        <CancellationNote
          cancellation={{ cancelledAt: seminar.cancelledAt, cancelledBy: seminar.cancelledBy, cancelReason: seminar.cancelReason }}
          className="mt-2 text-sm text-ink-800"
        />
      ) : null}
      <div className="mt-auto space-y-2 pt-4">
        <Link
          to={attendeesHref}
          preventScrollReset
          className="inline-flex w-full items-center justify-center gap-2 rounded-lg border border-ink-900 px-4 py-2 text-sm font-semibold text-ink-900 hover:bg-ink-900 hover:text-white"
        >
          <Users aria-hidden="true" className="size-4" />
          Manage Attendees<span className="sr-only"> of {title}</span>
        </Link>
        {seminar.cancelledAt ? null : (
          <Link
            to={checkInPath(seminar.id)}
            // A full page load: the door's page alone may use the camera and run the QR decoder, and
            // those permissions come with the document (Permissions-Policy, CSP), not with a client navigation.
            reloadDocument
            className="inline-flex w-full items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold text-ink-900 underline underline-offset-2 hover:bg-ink-100"
          >
            <ScanLine aria-hidden="true" className="size-4" />
            Check in at the door<span className="sr-only"> of {title}</span>
          </Link>
        )}
        <Link
          to={`/admin/seminars/${seminar.id}/waitlist`}
          className="inline-flex w-full items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold text-ink-900 underline underline-offset-2 hover:bg-ink-100"
        >
          <ListOrdered aria-hidden="true" className="size-4" />
          Waitlist<span className="sr-only"> of {title}</span>
        </Link>
      </div>
    </article>
  );
}
