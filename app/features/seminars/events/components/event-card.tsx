import { clsx } from "clsx";
import { CalendarDays, Clock, MapPin, Users } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { formatDayMonth, formatLongDate, formatRand, formatTime } from "~/lib/format.ts";
import { spotsRemainingLabel } from "../../labels.ts";
import type { PublicSeminarCard } from "../public-view.ts";

/** Few enough seats left to say so in amber. */
const LOW_SPOTS = 5;

/** One seminar in the /events grid. */
export function EventCard({ seminar }: { seminar: PublicSeminarCard }) {
  const titleId = useId();
  const spots = seminar.spotsLeft;
  const full = spots <= 0;
  const [day, month] = (formatDayMonth(seminar.seminarDate) ?? "").split(" ");
  const bookingHref = `/events/book/${seminar.id}`;

  return (
    <article
      aria-labelledby={titleId}
      data-testid="event-card"
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-ink-100 bg-white shadow-sm transition-shadow hover:shadow-lg"
    >
      <div className="relative flex items-center justify-between gap-4 bg-ink-950 px-5 py-4 text-white">
        <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(18rem_8rem_at_100%_0%,rgba(242,176,30,0.25),transparent_70%)]" />
        <p className="relative flex items-center gap-2 text-sm font-semibold tracking-widest text-sun-300 uppercase">
          <MapPin aria-hidden="true" className="size-4" />
          {seminar.city}
        </p>
        <p aria-hidden="true" className="relative rounded-xl bg-white/10 px-3 py-1.5 text-center leading-none">
          <span className="block font-display text-2xl font-semibold">{day}</span>
          <span className="mt-0.5 block text-xs tracking-widest uppercase">{month}</span>
        </p>
      </div>
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <h3 id={titleId} className="text-xl leading-snug font-semibold text-ink-950">
          {seminar.title}
        </h3>
        <ul className="mt-4 space-y-2.5 text-sm text-ink-700">
          <li className="flex items-center gap-2.5">
            <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-ink-600" />
            <time dateTime={seminar.seminarDate}>{formatLongDate(seminar.seminarDate) ?? "Date not specified"}</time>
          </li>
          <li className="flex items-center gap-2.5">
            <Clock aria-hidden="true" className="size-4 shrink-0 text-ink-600" />
            {formatTime(seminar.seminarTime)}
          </li>
          <li className="flex items-start gap-2.5">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-600" />
            <span>
              <span data-testid="event-city">{seminar.city}</span>, {seminar.venueName}
            </span>
          </li>
          <li className="flex items-center gap-2.5">
            <Users aria-hidden="true" className="size-4 shrink-0 text-ink-600" />
            <span data-testid="event-spots" className={clsx(
                full && "rounded-full bg-ink-950 px-2.5 py-0.5 font-semibold text-white",
                !full && spots <= LOW_SPOTS && "rounded-full bg-sun-100 px-2 py-0.5 font-semibold text-ink-950",
              )}>
              {spotsRemainingLabel(spots)}
            </span>
          </li>
        </ul>
        <div className="mt-auto flex flex-wrap items-end justify-between gap-4 pt-6">
          <p>
            <span className="block font-display text-2xl font-semibold text-ink-950">{formatRand(seminar.priceCents)}</span>
            <span className="text-sm text-ink-700">per person</span>
          </p>
          {full ? (
            // Fully booked: the booking page offers the waitlist instead of a form (docs/decisions/027).
            <Link to={`${bookingHref}#waitlist`} aria-describedby={titleId} className={buttonClasses("secondary", "md")}>
              Join the waitlist
            </Link>
          ) : (
            <Link to={bookingHref} aria-describedby={titleId} className={buttonClasses("primary", "md")}>
              Reserve Your Spot
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
