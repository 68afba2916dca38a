import { ChevronDown } from "lucide-react";
import { Link } from "react-router";
import { SectionHeading } from "~/components/layout/section-heading.tsx";
import { Reveal } from "~/components/ui/reveal.tsx";
import { faqIntro, faqs } from "~/content/home.ts";
import { brand, consultation } from "~/content/site.ts";

/**
 * Frequently asked questions (id "faq"). Native <details> disclosures: keyboard and screen
 * reader support built in, each opens independently, and the answers read fine without JavaScript.
 */
export function FaqSection() {
  return (
    <section id="faq" aria-labelledby="faq-heading" className="render-lazily bg-white py-20 sm:py-28">
      <div className="mx-auto grid max-w-7xl gap-12 px-5 lg:grid-cols-12 lg:px-8">
        <Reveal className="lg:col-span-4">
          <SectionHeading id="faq-heading" eyebrow={faqIntro.eyebrow} heading={faqIntro.heading} />
          <p className="mt-4 text-lg text-ink-700">
            Something we have not covered? E-mail{" "}
            <a href={`mailto:${brand.email}`} className="font-semibold text-ink-900 underline underline-offset-4">
              {brand.email}
            </a>{" "}
            or{" "}
            <Link to="/consultations/book-free" className="font-semibold text-ink-900 underline underline-offset-4">
              book a free {consultation.freeCallMinutes}-minute call
            </Link>
            .
          </p>
        </Reveal>
        <Reveal className="lg:col-span-8" delayMs={100}>
          <div className="divide-y divide-ink-100 rounded-2xl border border-ink-100">
            {faqs.map((faq) => (
              <details key={faq.question} className="group px-5 sm:px-6" name="home-faq">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-6 rounded-lg py-5 text-left text-lg font-semibold text-ink-950 [&::-webkit-details-marker]:hidden">
                  {faq.question}
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-ink-50 text-ink-800 transition-colors group-open:bg-sun-500 group-open:text-ink-950">
                    <ChevronDown aria-hidden="true" className="size-5 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
                  </span>
                </summary>
                <p className="pb-6 leading-relaxed text-ink-700">{faq.answer}</p>
              </details>
            ))}
          </div>
        </Reveal>
      </div>
    </section>
  );
}
