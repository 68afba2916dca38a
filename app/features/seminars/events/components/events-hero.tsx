import { ArrowDown, Check } from "lucide-react";
import type { MouseEvent } from "react";
import { buttonClasses } from "~/components/ui/button.ts";
import { eventsHero } from "~/content/events.ts";
import { track } from "~/lib/analytics.ts";
import { formatRand } from "~/lib/format.ts";
import { preferredScrollBehavior } from "~/lib/hash-scroll.ts";
import { EVENTS_SCROLL_OFFSET_PX, EVENTS_SECTION_ID } from "../filter-form.ts";

/** Smoothly to the list, 100px below the top (docs/product.md §11.4); the plain #anchor works without JavaScript. */
function scrollToEvents(event: MouseEvent<HTMLAnchorElement>) {
  track({ name: "button_click", button_name: eventsHero.cta, button_location: "events hero", destination: `#${EVENTS_SECTION_ID}` });
  const section = document.getElementById(EVENTS_SECTION_ID);
  if (!section) return;
  event.preventDefault();
  const top = section.getBoundingClientRect().top + window.scrollY - EVENTS_SCROLL_OFFSET_PX;
  window.scrollTo({ top, behavior: preferredScrollBehavior() });
  // Keyboard and screen-reader users continue from the list's heading.
  section.querySelector<HTMLElement>("h2")?.focus({ preventScroll: true });
}

/** The /events hero with the "from" price card. */
export function EventsHero({ fromPriceCents }: { fromPriceCents: number }) {
  return (
    <section aria-labelledby="events-hero-heading" className="relative isolate overflow-hidden bg-ink-950 px-5 pt-16 pb-20 text-white sm:pt-24 sm:pb-28 lg:px-8">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(50rem_28rem_at_85%_10%,rgba(242,176,30,0.22),transparent_60%),radial-gradient(40rem_30rem_at_0%_100%,rgba(52,80,125,0.55),transparent_65%)]"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-12 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div>
          <p className="text-sm font-semibold tracking-widest text-sun-300 uppercase">{eventsHero.eyebrow}</p>
          <h1 id="events-hero-heading" className="mt-4 text-4xl leading-tight font-semibold sm:text-6xl">
            {eventsHero.heading}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-ink-100 sm:text-xl">{eventsHero.body}</p>
          <a href={`#${EVENTS_SECTION_ID}`} onClick={scrollToEvents} className={buttonClasses("primary", "lg", "mt-10")}>
            {eventsHero.cta}
            <ArrowDown aria-hidden="true" className="size-5" />
          </a>
        </div>
        <aside aria-label="Seminar price" className="rounded-3xl bg-white p-7 text-ink-900 shadow-2xl ring-1 ring-white/10 sm:p-8">
          <p className="text-sm font-semibold tracking-widest text-ink-600 uppercase">{eventsHero.priceCardLabel}</p>
          <p className="mt-2 flex items-baseline gap-2">
            <span className="text-lg text-ink-700">from</span>
            <span data-testid="hero-price" className="font-display text-5xl font-semibold text-ink-950">
              {formatRand(fromPriceCents)}
            </span>
          </p>
          <p className="mt-2 text-ink-700">{eventsHero.priceCardNote}</p>
          <ul className="mt-6 space-y-3 border-t border-ink-100 pt-6">
            {eventsHero.priceCardPoints.map((point) => (
              <li key={point} className="flex items-start gap-3 text-ink-800">
                <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-sun-500 text-ink-950">
                  <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
                </span>
                {point}
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </section>
  );
}
