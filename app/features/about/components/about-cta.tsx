import { CalendarCheck } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { aboutCta } from "~/content/about.ts";
import { consultation } from "~/content/site.ts";
import { NextSeminarCard } from "~/features/seminars/events/components/next-seminar-card.tsx";
import type { NextSeminar } from "~/features/seminars/types.ts";
import { track } from "~/lib/analytics.ts";

/** The closing call to action: a consultation, or the next seminar. */
export function AboutCta({ seminar }: { seminar: NextSeminar | null }) {
  return (
    <section aria-labelledby="about-cta" className="render-lazily px-6 py-20 sm:py-28">
      <div className="mx-auto grid max-w-6xl items-stretch gap-8 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
        <div className="rounded-3xl bg-ink-950 p-8 text-white sm:p-12">
          <h2 id="about-cta" className="text-3xl font-semibold sm:text-4xl">
            {aboutCta.heading}
          </h2>
          <p className="mt-4 max-w-xl text-lg leading-relaxed text-ink-100">{aboutCta.lead}</p>
          <p className="mt-4 flex items-start gap-2 text-ink-200">
            <CalendarCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-sun-400" />
            {consultation.minutes} minutes online, {consultation.availability}
          </p>
          <Link
            to="/consultations"
            className={buttonClasses("primary", "lg", "mt-8")}
            onClick={() =>
              track({ name: "button_click", button_name: aboutCta.consultationLabel, button_location: "about_cta", destination: "/consultations" })
            }
          >
            {aboutCta.consultationLabel}
          </Link>
        </div>
        <NextSeminarCard seminar={seminar} emptyText={aboutCta.seminarFallback} headingLevel="h3" />
      </div>
    </section>
  );
}
