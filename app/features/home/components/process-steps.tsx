import { HeartHandshake, Map as MapIcon, MessagesSquare, PackageCheck, Plane, type LucideIcon } from "lucide-react";
import { SectionHeading } from "~/components/layout/section-heading.tsx";
import { Reveal } from "~/components/ui/reveal.tsx";
import { processIntro, processSteps } from "~/content/home.ts";

// Content names its icons; this maps the names to drawings.
const icons: Record<string, LucideIcon> = {
  messages: MessagesSquare,
  map: MapIcon,
  package: PackageCheck,
  plane: Plane,
  support: HeartHandshake,
};

/** The five steps of a move (id "process"). */
export function ProcessSteps() {
  return (
    <section id="process" aria-labelledby="process-heading" className="render-lazily bg-ink-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-5 lg:px-8">
        <Reveal>
          <SectionHeading id="process-heading" eyebrow={processIntro.eyebrow} heading={processIntro.heading} body={processIntro.body} align="center" />
        </Reveal>
        <div className="relative mt-14">
          <span aria-hidden="true" className="absolute top-7 right-[10%] left-[10%] hidden h-px bg-ink-200 lg:block" />
          <ol className="relative grid gap-8 lg:grid-cols-5 lg:gap-6">
            {processSteps.map((step, position) => {
              const Icon = icons[step.icon] ?? MessagesSquare;
              return (
                <li key={step.title} className="relative">
                  <Reveal className="flex gap-5 lg:flex-col lg:items-center lg:text-center" delayMs={position * 100}>
                    <div className="relative flex size-14 shrink-0 items-center justify-center rounded-2xl bg-ink-900 text-sun-400 shadow-lg ring-8 ring-ink-50">
                      <Icon aria-hidden="true" className="size-6" />
                      <span
                        aria-hidden="true"
                        className="absolute -top-2 -right-2 flex size-6 items-center justify-center rounded-full bg-sun-500 text-xs font-bold text-ink-950"
                      >
                        {position + 1}
                      </span>
                    </div>
                    <div>
                      <h3 className="text-xl font-semibold text-ink-950">
                        <span className="sr-only">Step {position + 1}: </span>
                        {step.title}
                      </h3>
                      <p className="mt-2 leading-relaxed text-ink-700">{step.description}</p>
                    </div>
                  </Reveal>
                </li>
              );
            })}
          </ol>
        </div>
      </div>
    </section>
  );
}
