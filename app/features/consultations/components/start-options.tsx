import { ArrowRight, Check, PhoneCall } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { freeCallIntro } from "~/content/consultations.ts";
import { NextSeminarCard } from "~/features/seminars/events/components/next-seminar-card.tsx";
import type { NextSeminar } from "~/features/seminars/types.ts";
import { FREE_BOOKING_HREF, trackBookingLink } from "./consultations-hero.tsx";

export const NO_SEMINAR_TEXT = "No scheduled seminars at the moment";

/** Other ways to start: the free intro call and the next seminar. */
export function StartOptions({ nextSeminar }: { nextSeminar: NextSeminar | null }) {
  return (
    <section aria-labelledby="start-options-title" className="render-lazily bg-ink-50 px-5 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-[0.18em] text-ink-600 uppercase">Other ways to start</p>
          <h2 id="start-options-title" className="mt-3 text-3xl font-semibold text-ink-950 sm:text-4xl">
            Not ready for a full consultation?
          </h2>
        </div>
        <div className="mt-10 grid gap-6 lg:grid-cols-2">
          <article aria-labelledby="free-call-title" className="flex h-full flex-col rounded-2xl bg-sun-100 p-6 sm:p-8">
            <span className="flex size-12 items-center justify-center rounded-xl bg-sun-500 text-ink-950">
              <PhoneCall aria-hidden="true" className="size-6" />
            </span>
            <h3 id="free-call-title" className="mt-5 text-2xl font-semibold text-ink-950">
              {freeCallIntro.title}
            </h3>
            <p className="mt-3 text-ink-800">{freeCallIntro.body}</p>
            <ul className="mt-6 space-y-3">
              {freeCallIntro.points.map((point) => (
                <li key={point} className="flex items-start gap-3 text-ink-800">
                  <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 rounded-full bg-ink-900 p-0.5 text-sun-300" strokeWidth={3} />
                  {point}
                </li>
              ))}
            </ul>
            <Link
              to={FREE_BOOKING_HREF}
              className={buttonClasses("dark", "md", "mt-8 self-start")}
              onClick={() => trackBookingLink("Book a Free Call", "consultations other options", FREE_BOOKING_HREF)}
            >
              Book a Free Call
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </article>
          {/* Content-sized: stretched to the intro call's height, the dark card showed a band of empty navy above its button. */}
          <div className="lg:self-start">
            <NextSeminarCard seminar={nextSeminar} emptyText={NO_SEMINAR_TEXT} tone="dark" headingLevel="h3" />
          </div>
        </div>
      </div>
    </section>
  );
}
