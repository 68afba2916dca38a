import { Check } from "lucide-react";
import { consultationOutcomes, outcomesIntro } from "~/content/consultations.ts";

/** Assessment, advice and an action plan: what the visitor leaves the hour with. */
export function ConsultationOutcomes() {
  return (
    <section aria-labelledby="outcomes-title" className="render-lazily bg-ink-50 px-5 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-[0.18em] text-ink-600 uppercase">{outcomesIntro.eyebrow}</p>
          <h2 id="outcomes-title" className="mt-3 text-3xl font-semibold text-ink-950 sm:text-4xl">
            {outcomesIntro.title}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-ink-700">{outcomesIntro.lead}</p>
        </div>
        <ol className="mt-12 grid gap-6 lg:grid-cols-3">
          {consultationOutcomes.map((outcome, index) => (
            <li key={outcome.id} data-outcome={outcome.id} className="relative flex flex-col rounded-2xl bg-white p-7 shadow-sm ring-1 ring-ink-100">
              <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-full bg-sun-500 font-display text-xl font-semibold text-ink-950">
                {String(index + 1).padStart(2, "0")}
              </span>
              <h3 className="mt-5 text-2xl font-semibold text-ink-950">{outcome.title}</h3>
              <p className="mt-2 leading-relaxed text-ink-700">{outcome.description}</p>
              <ul className="mt-5 space-y-2.5 border-t border-ink-100 pt-5">
                {outcome.points.map((point) => (
                  <li key={point} className="flex items-start gap-3 text-ink-800">
                    <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 rounded-full bg-veld-100 p-0.5 text-veld-700" strokeWidth={3} />
                    {point}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
