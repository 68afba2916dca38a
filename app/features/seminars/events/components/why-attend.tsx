import { Compass, MessagesSquare, Users, Wallet, type LucideIcon } from "lucide-react";
import { eventBenefits, whyAttendIntro } from "~/content/events.ts";
import type { EventBenefit } from "~/content/types.ts";
import { SectionIntro } from "./section-intro.tsx";

const icons: Record<EventBenefit["icon"], LucideIcon> = { compass: Compass, users: Users, wallet: Wallet, messages: MessagesSquare };

/** 'Why Attend?': the benefits of a seminar seat. */
export function WhyAttend() {
  return (
    <section aria-labelledby="why-attend-heading" className="render-lazily bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-5 lg:px-8">
        <SectionIntro id="why-attend-heading" eyebrow={whyAttendIntro.eyebrow} heading={whyAttendIntro.heading} body={whyAttendIntro.body} />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {eventBenefits.map((benefit) => {
            const Icon = icons[benefit.icon];
            return (
              <li key={benefit.title} className="rounded-2xl border border-ink-100 bg-ink-50/60 p-6">
                <span className="flex size-12 items-center justify-center rounded-xl bg-ink-900 text-sun-400">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <h3 className="mt-5 text-xl font-semibold text-ink-950">{benefit.title}</h3>
                <p className="mt-2 leading-relaxed text-ink-700">{benefit.description}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
