import { CalendarDays, Clock, MapPin, Users } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { formatLongDate, formatRand, formatTime } from "~/lib/format.ts";
import type { NextSeminar } from "../../types.ts";
import { attendanceLabel } from "../../rules.ts";

type Props = {
  seminar: NextSeminar | null;
  /** Shown when there is no upcoming seminar (docs/product.md §2.20 gives the wording per page). */
  emptyText?: string;
  heading?: string;
  ctaLabel?: string;
  tone?: "light" | "dark";
  headingLevel?: "h2" | "h3";
};

/** The "Join Our Next Seminar" card used on /, /about, /services, /consultations and blog posts. */
export function NextSeminarCard({
  seminar,
  emptyText = "Check our calendar for upcoming events",
  heading = "Join Our Next Seminar",
  ctaLabel = "View Schedule",
  tone = "light",
  headingLevel: Heading = "h3",
}: Props) {
  const dark = tone === "dark";
  return (
    <div
      className={
        dark
          ? "flex h-full flex-col rounded-2xl bg-ink-900 p-6 text-white shadow-lg"
          : "flex h-full flex-col rounded-2xl border border-ink-100 bg-white p-6 text-ink-900 shadow-sm"
      }
    >
      <Heading className="text-2xl font-semibold">{heading}</Heading>
      {seminar ? (
        <div className="mt-4 flex flex-1 flex-col gap-3" data-testid="next-seminar">
          <p className="text-lg font-semibold">{seminar.title}</p>
          <ul className={dark ? "space-y-2 text-ink-100" : "space-y-2 text-ink-700"}>
            <li className="flex items-center gap-2">
              <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
              {formatLongDate(seminar.seminarDate) ?? "Date not specified"}
            </li>
            <li className="flex items-center gap-2">
              <Clock aria-hidden="true" className="size-4 shrink-0" />
              {formatTime(seminar.seminarTime)}
            </li>
            <li className="flex items-center gap-2">
              <MapPin aria-hidden="true" className="size-4 shrink-0" />
              {seminar.city}, {seminar.venueName}
            </li>
            <li className="flex items-center gap-2">
              <Users aria-hidden="true" className="size-4 shrink-0" />
              {attendanceLabel(seminar.currentAttendees)}
            </li>
          </ul>
          <p className="text-2xl font-bold">
            {formatRand(seminar.priceCents)} <span className="text-sm font-normal">per person</span>
          </p>
          <Link to="/events" className={buttonClasses(dark ? "primary" : "dark", "md", "mt-auto self-start")}>
            {ctaLabel}
          </Link>
        </div>
      ) : (
        <div className="mt-4 flex flex-1 flex-col gap-4">
          <p className={dark ? "text-ink-100" : "text-ink-700"}>{emptyText}</p>
          <Link to="/events" className={buttonClasses(dark ? "primary" : "dark", "md", "mt-auto self-start")}>
            {ctaLabel}
          </Link>
        </div>
      )}
    </div>
  );
}
