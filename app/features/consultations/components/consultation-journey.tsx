import { CalendarClock, Clock, Globe2, Video } from "lucide-react";
import { availabilityIntro, consultationSteps } from "~/content/consultations.ts";
import { consultation } from "~/content/site.ts";

/** How booking works, step by step, next to when and where consultations happen. */
export function ConsultationJourney() {
  return (
    <section aria-labelledby="journey-title" className="render-lazily bg-white px-5 py-20 sm:py-24">
      <div className="mx-auto grid max-w-6xl gap-12 lg:grid-cols-[minmax(0,1fr)_26rem] lg:gap-16">
        <div>
          <p className="text-sm font-semibold tracking-[0.18em] text-ink-600 uppercase">How it works</p>
          <h2 id="journey-title" className="mt-3 text-3xl font-semibold text-ink-950 sm:text-4xl">
            From request to plan in three steps
          </h2>
          <ol className="mt-10 space-y-8">
            {consultationSteps.map((step, index) => (
              <li key={step.title} className="flex gap-5">
                <span aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-full border-2 border-ink-900 font-semibold text-ink-900">
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-sans text-lg font-semibold tracking-normal text-ink-950">{step.title}</h3>
                  <p className="mt-1 leading-relaxed text-ink-700">{step.description}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>

        <section id="availability" aria-labelledby="availability-title" className="self-start rounded-3xl bg-ink-950 p-7 text-white sm:p-8">
          <h2 id="availability-title" className="text-2xl font-semibold">
            {availabilityIntro.title}
          </h2>
          <p className="mt-3 leading-relaxed text-ink-100">{availabilityIntro.lead}</p>
          <dl className="mt-6 space-y-5">
            {[
              { icon: CalendarClock, term: "When", detail: consultation.availability },
              { icon: Video, term: "Where", detail: consultation.medium },
              { icon: Globe2, term: "Joining from South Africa", detail: "South Africa is one hour ahead of the UK in the British summer and two hours ahead in winter." },
              { icon: Clock, term: "Reply", detail: consultation.responsePromise },
            ].map(({ icon: Icon, term, detail }) => (
              <div key={term} className="relative min-h-10 pl-14">
                <dt className="text-sm font-semibold text-ink-200">
                  <span className="absolute top-0 left-0 flex size-10 items-center justify-center rounded-xl bg-white/10 text-sun-300">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  {term}
                </dt>
                <dd className="mt-0.5 font-medium">{detail}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </section>
  );
}
