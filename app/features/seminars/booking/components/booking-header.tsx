import { ArrowLeft, CalendarDays, Clock, MapPin } from "lucide-react";
import { Link } from "react-router";
import { bookingPageCopy } from "~/content/events.ts";
import { formatLongDate, formatTime } from "~/lib/format.ts";
import type { PublicBookingSeminar } from "../../events/public-view.ts";

/** The booking page's title band: back to the list, the seminar's name, when and where. */
export function BookingHeader({ seminar }: { seminar: PublicBookingSeminar }) {
  return (
    <section aria-labelledby="booking-heading" className="relative isolate overflow-hidden bg-ink-950 px-5 pt-8 pb-14 text-white sm:pb-16 lg:px-8">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(46rem_24rem_at_90%_0%,rgba(242,176,30,0.2),transparent_60%)]"
      />
      <div className="mx-auto max-w-7xl">
        <Link to="/events" className="inline-flex items-center gap-2 rounded-full text-sm font-semibold text-ink-100 hover:text-white">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {bookingPageCopy.backLink}
        </Link>
        <p className="mt-8 text-sm font-semibold tracking-widest text-sun-300 uppercase">Seminar in {seminar.city}</p>
        <h1 id="booking-heading" className="mt-3 max-w-4xl text-3xl leading-tight font-semibold sm:text-5xl">
          {seminar.title}
        </h1>
        <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-ink-100">
          <li className="flex items-center gap-2">
            <CalendarDays aria-hidden="true" className="size-4 text-sun-300" />
            {formatLongDate(seminar.seminarDate) ?? "Date not specified"}
          </li>
          <li className="flex items-center gap-2">
            <Clock aria-hidden="true" className="size-4 text-sun-300" />
            {formatTime(seminar.seminarTime)}
          </li>
          <li className="flex items-center gap-2">
            <MapPin aria-hidden="true" className="size-4 text-sun-300" />
            {seminar.venueName}, {seminar.city}
          </li>
        </ul>
      </div>
    </section>
  );
}
