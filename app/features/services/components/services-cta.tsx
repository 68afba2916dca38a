import { ArrowRight, PhoneCall } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { consultation } from "~/content/site.ts";
import { NextSeminarCard } from "~/features/seminars/events/components/next-seminar-card.tsx";
import type { NextSeminar } from "~/features/seminars/types.ts";
import { track } from "~/lib/analytics.ts";
import { SERVICES_CTA_ID } from "../rules.ts";

function trackCta(name: string, destination: string) {
  track({ name: "button_click", button_name: name, button_location: "services_cta", destination });
}

/** Where 'Start My Journey' leads: a consultation, a free call, or the next seminar. */
export function ServicesCta({ seminar }: { seminar: NextSeminar | null }) {
  return (
    <section id={SERVICES_CTA_ID} aria-labelledby="services-cta-heading" className="render-lazily px-6 py-20 sm:py-28">
      <div className="mx-auto grid max-w-6xl items-stretch gap-8 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
        <div className="rounded-3xl bg-ink-950 p-8 text-white sm:p-12">
          <h2 id="services-cta-heading" data-cta-focus="" tabIndex={-1} className="text-3xl font-semibold sm:text-4xl">
            Start your journey
          </h2>
          <p className="mt-4 max-w-xl text-lg leading-relaxed text-ink-100">
            In a private {consultation.minutes}-minute consultation we look at your family, your work and your budget, and
            leave you with a written plan for the move. Not ready yet? A free {consultation.freeCallMinutes}-minute call
            answers your first questions.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to="/consultations"
              className={buttonClasses("primary", "lg")}
              onClick={() => trackCta("Book a Private Consultation", "/consultations")}
            >
              Book a Private Consultation
            </Link>
            <Link
              to="/consultations/book-free"
              className={buttonClasses("light", "lg")}
              onClick={() => trackCta("Book a free intro call", "/consultations/book-free")}
            >
              <PhoneCall aria-hidden="true" className="size-4" />
              Book a free intro call
            </Link>
          </div>
          <p className="mt-6 text-ink-100">
            Want the whole move handled?{" "}
            <Link
              to="/packages"
              className="inline-flex items-center gap-1 rounded-sm font-semibold text-sun-300 underline underline-offset-4 hover:text-white"
              onClick={() => trackCta("See our relocation packages", "/packages")}
            >
              See our relocation packages
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </p>
        </div>
        {/* Content-sized: stretched to the call to action's height, the card showed empty space above its button. */}
        <div className="lg:self-start">
          <NextSeminarCard seminar={seminar} headingLevel="h3" />
        </div>
      </div>
    </section>
  );
}
