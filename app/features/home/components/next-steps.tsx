import { ArrowRight, Check, Mail, Phone, PhoneCall, Video } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { SectionHeading } from "~/components/layout/section-heading.tsx";
import { buttonClasses } from "~/components/ui/button.ts";
import { Reveal } from "~/components/ui/reveal.tsx";
import { nextSteps, nextStepsIntro } from "~/content/home.ts";
import { brand, consultation, offices } from "~/content/site.ts";
import type { NextStepOption } from "~/content/types.ts";
import { NextSeminarCard } from "~/features/seminars/events/components/next-seminar-card.tsx";
import type { NextSeminar } from "~/features/seminars/types.ts";
import { track } from "~/lib/analytics.ts";
import { formatRand, phoneForDisplay } from "~/lib/format.ts";

function option(id: NextStepOption["id"]): NextStepOption {
  const found = nextSteps.find((step) => step.id === id);
  if (!found) throw new Error(`Missing next-step content: ${id}`);
  return found;
}

function trackNextStep(step: NextStepOption) {
  track({ name: "button_click", button_name: step.cta.label, button_location: "home next steps", destination: step.cta.to });
}

function Points({ points, tone }: { points: readonly string[]; tone: "navy" | "gold" }) {
  return (
    <ul className="mt-6 space-y-3">
      {points.map((point) => (
        <li key={point} className="flex items-start gap-3 text-ink-800">
          <span
            className={
              tone === "gold"
                ? "mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-ink-900 text-sun-300"
                : "mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-sun-500 text-ink-950"
            }
          >
            <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
          </span>
          {point}
        </li>
      ))}
    </ul>
  );
}

function ContactOption({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex items-start gap-4 rounded-2xl border border-ink-100 bg-white p-5">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-ink-50 text-ink-800">{icon}</span>
      <div>
        <p className="text-sm text-ink-600">{label}</p>
        <div className="mt-0.5 font-semibold text-ink-950">{children}</div>
      </div>
    </li>
  );
}

/**
 * 'Choose Your Next Step' (id "how-it-works", the target of 'Start my Journey' and 'Get in
 * Touch'): a paid consultation, the next seminar, a free intro call, and direct contacts.
 */
export function NextSteps({ nextSeminar }: { nextSeminar: NextSeminar | null }) {
  const paid = option("consultation");
  const seminar = option("seminar");
  const free = option("intro-call");
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-heading" className="render-lazily bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-5 lg:px-8">
        <Reveal>
          <SectionHeading id="how-it-works-heading" eyebrow={nextStepsIntro.eyebrow} heading={nextStepsIntro.heading} body={nextStepsIntro.body} />
        </Reveal>

        <div className="mt-12 grid gap-6 lg:grid-cols-3">
          <Reveal className="h-full">
            <article className="flex h-full flex-col rounded-2xl border border-ink-100 bg-white p-6 shadow-sm sm:p-8">
              <span className="flex size-12 items-center justify-center rounded-xl bg-ink-900 text-sun-400">
                <Video aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-5 text-2xl font-semibold text-ink-950">{paid.title}</h3>
              <p className="mt-3 text-ink-700">{paid.body}</p>
              <p className="mt-5 flex items-baseline gap-2">
                <span className="font-display text-3xl font-semibold text-ink-950">{formatRand(consultation.priceCents)}</span>
                <span className="text-sm text-ink-600">/ {consultation.minutes} minutes</span>
              </p>
              <p className="mt-1 text-sm text-ink-600">{consultation.priceNote}</p>
              <Points points={paid.points} tone="navy" />
              <Link to={paid.cta.to} className={buttonClasses("dark", "md", "mt-8 self-start")} onClick={() => trackNextStep(paid)}>
                {paid.cta.label}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </article>
          </Reveal>

          {/* Content-sized: stretched to the row, the dark card showed a band of empty navy above its button. */}
          <Reveal className="lg:self-start" delayMs={100}>
            <NextSeminarCard seminar={nextSeminar} heading={seminar.title} ctaLabel={seminar.cta.label} tone="dark" />
          </Reveal>

          <Reveal className="h-full" delayMs={200}>
            <article className="flex h-full flex-col rounded-2xl bg-sun-100 p-6 sm:p-8">
              <span className="flex size-12 items-center justify-center rounded-xl bg-sun-500 text-ink-950">
                <PhoneCall aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-5 text-2xl font-semibold text-ink-950">{free.title}</h3>
              <p className="mt-3 text-ink-800">{free.body}</p>
              <Points points={free.points} tone="gold" />
              <Link to={free.cta.to} className={buttonClasses("dark", "md", "mt-8 self-start")} onClick={() => trackNextStep(free)}>
                {free.cta.label}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </article>
          </Reveal>
        </div>

        <Reveal className="mt-14">
          <h3 className="font-sans text-lg font-semibold text-ink-950">{nextStepsIntro.contactHeading}</h3>
          <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <ContactOption icon={<Mail aria-hidden="true" className="size-5" />} label="E-mail us, we reply within one working day">
              <a href={`mailto:${brand.email}`} className="break-all underline-offset-4 hover:underline">
                {brand.email}
              </a>
            </ContactOption>
            {offices.map((office) => (
              <ContactOption
                key={office.id}
                icon={<Phone aria-hidden="true" className="size-5" />}
                label={`${office.name}, ${office.locality} · ${office.hours}`}
              >
                <a href={`tel:${office.phoneE164}`} className="underline-offset-4 hover:underline">
                  {phoneForDisplay(office.phone)}
                </a>
              </ContactOption>
            ))}
          </ul>
        </Reveal>
      </div>
    </section>
  );
}
