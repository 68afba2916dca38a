import { ArrowRight, CalendarClock, Clock, Video } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { consultationsIntro } from "~/content/consultations.ts";
import { consultation } from "~/content/site.ts";
import { track } from "~/lib/analytics.ts";
import { formatRand } from "~/lib/format.ts";

export const PAID_BOOKING_HREF = "/consultations/book";
export const FREE_BOOKING_HREF = "/consultations/book-free";

export function trackBookingLink(label: string, location: string, destination: string) {
  track({ name: "button_click", button_name: label, button_location: location, destination });
}

/** The opening of /consultations: the promise, the price card and both ways to book. */
export function ConsultationsHero() {
  return (
    <section aria-labelledby="consultations-title" className="relative isolate overflow-hidden bg-ink-950 px-5 pt-16 pb-20 text-white sm:pt-24 lg:pb-28">
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-[radial-gradient(52rem_28rem_at_85%_10%,rgba(242,176,30,0.2),transparent_65%)]" />
      <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div>
          <p className="text-sm font-semibold tracking-widest text-sun-300 uppercase">{consultationsIntro.eyebrow}</p>
          <h1 id="consultations-title" className="mt-4 text-4xl leading-tight font-semibold sm:text-6xl">
            {consultationsIntro.title}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-ink-100 sm:text-xl">{consultationsIntro.lead}</p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Link
              to={PAID_BOOKING_HREF}
              className={buttonClasses("primary", "lg")}
              onClick={() => trackBookingLink(consultationsIntro.bookLabel, "consultations hero", PAID_BOOKING_HREF)}
            >
              {consultationsIntro.bookLabel}
              <ArrowRight aria-hidden="true" className="size-5" />
            </Link>
            <Link
              to={FREE_BOOKING_HREF}
              className={buttonClasses("light", "lg")}
              onClick={() => trackBookingLink(consultationsIntro.freeLabel, "consultations hero", FREE_BOOKING_HREF)}
            >
              {consultationsIntro.freeLabel}
            </Link>
          </div>
        </div>

        <div aria-labelledby="price-card-title" role="group" className="rounded-3xl bg-white p-7 text-ink-950 shadow-2xl ring-1 ring-white/10 sm:p-8">
          <p id="price-card-title" className="text-sm font-semibold tracking-widest text-ink-600 uppercase">
            Private consultation
          </p>
          <p className="mt-3 font-display text-5xl font-semibold tracking-tight">{formatRand(consultation.priceCents)}</p>
          <p className="mt-2 text-ink-700">{consultation.priceNote}</p>
          <ul className="mt-6 space-y-3 border-t border-ink-100 pt-6 text-ink-800">
            <li className="flex items-center gap-3">
              <Clock aria-hidden="true" className="size-5 shrink-0 text-ink-600" />
              <span>
                <strong className="font-semibold text-ink-950">{consultation.minutes} minutes</strong> one-to-one
              </span>
            </li>
            <li className="flex items-center gap-3">
              <Video aria-hidden="true" className="size-5 shrink-0 text-ink-600" />
              {consultation.medium}
            </li>
            <li className="flex items-center gap-3">
              <CalendarClock aria-hidden="true" className="size-5 shrink-0 text-ink-600" />
              {consultation.availability}
            </li>
          </ul>
          <p className="mt-6 border-t border-ink-100 pt-6 text-sm text-ink-700">
            Want the whole move handled?{" "}
            <Link
              to="/packages"
              className="rounded-sm font-semibold text-ink-950 underline underline-offset-4 hover:text-ink-700"
              onClick={() => trackBookingLink("See our relocation packages", "consultations hero", "/packages")}
            >
              See our relocation packages
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
