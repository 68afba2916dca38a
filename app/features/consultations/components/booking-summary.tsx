import { CalendarClock, Check, Video } from "lucide-react";
import type { ConsultationType } from "#db/schema/enums.ts";
import { bookingPageCopy } from "~/content/consultations.ts";
import { consultation } from "~/content/site.ts";
import { formatRand } from "~/lib/format.ts";

/** What the visitor is booking: price and length (paid) or the free call, and when we meet. */
export function BookingSummary({ type }: { type: ConsultationType }) {
  const copy = bookingPageCopy[type];
  return (
    <aside aria-labelledby="booking-summary-title" className="rounded-3xl bg-white p-6 text-ink-950 shadow-xl ring-1 ring-ink-100 sm:p-8">
      <h2 id="booking-summary-title" className="text-2xl font-semibold">
        {copy.summaryTitle}
      </h2>
      {type === "paid" ? (
        <div className="mt-4">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-display text-4xl font-semibold tracking-tight text-ink-950">{formatRand(consultation.priceCents)}</span>
            <span className="font-medium text-ink-700">{consultation.minutes} minutes</span>
          </p>
          <p className="mt-1 text-sm text-ink-700">{consultation.priceNote}</p>
        </div>
      ) : (
        <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
          <span className="font-display text-4xl font-semibold tracking-tight text-veld-700">Free</span>
          <span className="font-medium text-ink-700">{consultation.freeCallMinutes} minutes, no obligation</span>
        </p>
      )}
      <ul className="mt-6 space-y-3 border-t border-ink-100 pt-6">
        {copy.points.map((point) => (
          <li key={point} className="flex items-start gap-3 text-ink-800">
            <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 rounded-full bg-sun-500 p-0.5 text-ink-950" strokeWidth={3} />
            {point}
          </li>
        ))}
      </ul>
      <dl className="mt-6 space-y-4 border-t border-ink-100 pt-6 text-sm">
        <div className="relative pl-8">
          <dt className="font-semibold">
            <CalendarClock aria-hidden="true" className="absolute top-0 left-0 size-5 text-ink-600" />
            Availability
          </dt>
          <dd className="text-ink-700">{consultation.availability}</dd>
        </div>
        <div className="relative pl-8">
          <dt className="font-semibold">
            <Video aria-hidden="true" className="absolute top-0 left-0 size-5 text-ink-600" />
            Where
          </dt>
          <dd className="text-ink-700">{consultation.medium}</dd>
        </div>
      </dl>
    </aside>
  );
}
