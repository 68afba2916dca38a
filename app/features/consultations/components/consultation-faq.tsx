import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { consultationFaqs, consultationsIntro, priceNoteInline } from "~/content/consultations.ts";
import { consultation } from "~/content/site.ts";
import { formatRand } from "~/lib/format.ts";
import { PAID_BOOKING_HREF, trackBookingLink } from "./consultations-hero.tsx";

/** Plain answers (always open, so they read without JavaScript) and a last call to book. */
export function ConsultationFaq() {
  return (
    <section aria-labelledby="consultation-faq-title" className="render-lazily bg-white px-5 py-20 sm:py-24">
      <div className="mx-auto grid max-w-6xl gap-12 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div>
          <h2 id="consultation-faq-title" className="text-3xl font-semibold text-ink-950 sm:text-4xl">
            Questions before you book
          </h2>
          <dl className="mt-8 divide-y divide-ink-100">
            {consultationFaqs.map((faq) => (
              <div key={faq.question} className="py-6 first:pt-0">
                <dt className="text-lg font-semibold text-ink-950">{faq.question}</dt>
                <dd className="mt-2 leading-relaxed text-ink-700">{faq.answer}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="self-start rounded-3xl bg-ink-950 p-7 text-white sm:p-8">
          <p className="font-display text-2xl font-semibold">Ready to plan your move?</p>
          <p className="mt-3 text-ink-100">
            {consultation.minutes} minutes, {formatRand(consultation.priceCents)}, {priceNoteInline}.
          </p>
          <Link
            to={PAID_BOOKING_HREF}
            className={buttonClasses("primary", "lg", "mt-6 w-full")}
            onClick={() => trackBookingLink(consultationsIntro.bookLabel, "consultations faq", PAID_BOOKING_HREF)}
          >
            {consultationsIntro.bookLabel}
            <ArrowRight aria-hidden="true" className="size-5" />
          </Link>
        </div>
      </div>
    </section>
  );
}
