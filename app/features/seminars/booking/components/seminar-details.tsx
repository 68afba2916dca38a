import { CalendarDays, Check, Clock, Hourglass, MapPin, Ticket, Users, Building2 } from "lucide-react";
import { clsx } from "clsx";
import type { ReactNode } from "react";
import { bookingPageCopy, seminarInclusions } from "~/content/events.ts";
import { seminarFacts } from "~/content/site.ts";
import { formatLongDate, formatRand, formatTime } from "~/lib/format.ts";
import { spotsRemainingLabel } from "../../labels.ts";
import type { PublicBookingSeminar } from "../../events/public-view.ts";

function Detail({ icon, label, children, wide = false }: { icon: ReactNode; label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={clsx("relative min-h-10 pl-13", wide && "sm:col-span-2")}>
      <dt className="text-sm text-ink-600">
        <span className="absolute top-0 left-0 flex size-10 items-center justify-center rounded-xl bg-ink-50 text-ink-800">{icon}</span>
        {label}
      </dt>
      <dd className="mt-0.5 font-semibold text-ink-950">{children}</dd>
    </div>
  );
}

/** The seminar's facts: when, where, seats left, how long, what is included and the fee. */
export function SeminarDetails({ seminar }: { seminar: PublicBookingSeminar }) {
  const icon = "size-5";
  return (
    <section aria-labelledby="seminar-details-heading" className="rounded-3xl border border-ink-100 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="seminar-details-heading" className="text-2xl font-semibold text-ink-950">
        {bookingPageCopy.detailsHeading}
      </h2>
      <dl className="mt-6 grid gap-5 sm:grid-cols-2">
        <Detail icon={<CalendarDays aria-hidden="true" className={icon} />} label="Date">
          <time dateTime={seminar.seminarDate}>{formatLongDate(seminar.seminarDate) ?? "Date not specified"}</time>
        </Detail>
        <Detail icon={<Clock aria-hidden="true" className={icon} />} label="Time">
          {formatTime(seminar.seminarTime)} (South African time)
        </Detail>
        <Detail icon={<MapPin aria-hidden="true" className={icon} />} label="City">
          {seminar.city}
        </Detail>
        <Detail icon={<Building2 aria-hidden="true" className={icon} />} label="Venue">
          {seminar.venueName}
        </Detail>
        <Detail wide icon={<MapPin aria-hidden="true" className={icon} />} label="Address">
          <span className="font-normal text-ink-800">{seminar.address}</span>
        </Detail>
        <Detail icon={<Users aria-hidden="true" className={icon} />} label="Spots remaining">
          <span data-testid="booking-spots">{spotsRemainingLabel(seminar.spotsLeft)}</span>
        </Detail>
        <Detail icon={<Hourglass aria-hidden="true" className={icon} />} label="Duration">
          {seminarFacts.durationLabel}
        </Detail>
        <Detail icon={<Ticket aria-hidden="true" className={icon} />} label="Fee">
          <span data-testid="booking-fee">{formatRand(seminar.priceCents)}</span> <span className="font-normal text-ink-700">per person</span>
        </Detail>
      </dl>

      {seminar.description && <p className="mt-8 border-t border-ink-100 pt-6 leading-relaxed text-ink-800">{seminar.description}</p>}

      <h3 className="mt-8 text-lg font-semibold text-ink-950">{bookingPageCopy.inclusionsHeading}</h3>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {seminarInclusions.map((item) => (
          <li key={item} className="flex items-start gap-3 text-ink-800">
            <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-sun-500 text-ink-950">
              <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
            </span>
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
