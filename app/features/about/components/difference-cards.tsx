import { clsx } from "clsx";
import { ChevronDown, Globe, Plane, Route, Scale } from "lucide-react";
import { useId, useState } from "react";
import { differences, differencesHeading } from "~/content/about.ts";
import type { DifferenceCard } from "~/content/types.ts";
import { toggleCard } from "../rules.ts";

const icons: Record<DifferenceCard["icon"], typeof Plane> = { plane: Plane, globe: Globe, route: Route, scale: Scale };

/** Without JavaScript the buttons cannot open anything: every card's details show (root.tsx puts this in the head's <noscript>). */
export const DIFFERENCE_CARDS_NOSCRIPT_CSS = "[data-card-details]{display:block!important}[data-card-chevron]{display:none!important}";

/** The four 'what makes us different' cards; each opens and closes on its own. */
export function DifferenceCards() {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  return (
    <section aria-labelledby="what-makes-us-different" className="render-lazily bg-ink-50 px-6 py-20 sm:py-28">
      <div className="mx-auto max-w-6xl">
        <div className="max-w-3xl">
          <h2 id="what-makes-us-different" className="text-3xl font-semibold text-ink-900 sm:text-4xl">
            {differencesHeading.title}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-ink-700">{differencesHeading.lead}</p>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-2">
          {differences.map((card) => (
            <li key={card.id}>
              <ExpandableCard
                card={card}
                expanded={open.has(card.id)}
                onToggle={() => setOpen((current) => toggleCard(current, card.id))}
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ExpandableCard({ card, expanded, onToggle }: { card: DifferenceCard; expanded: boolean; onToggle: () => void }) {
  const detailsId = `${useId()}-details`;
  const Icon = icons[card.icon];
  return (
    <article
      className={clsx(
        "h-full rounded-3xl bg-white p-6 shadow-sm ring-1 transition-shadow sm:p-8",
        expanded ? "shadow-lg ring-sun-500" : "ring-ink-100 hover:shadow-md",
      )}
    >
      <div className="flex flex-col items-start gap-4 sm:flex-row">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-ink-900 text-sun-400">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <div className="w-full min-w-0 flex-1">
          <h3 className="text-xl font-semibold text-ink-900 sm:text-2xl">
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={detailsId}
              onClick={onToggle}
              className="flex w-full cursor-pointer items-start justify-between gap-4 rounded-lg text-left"
            >
              <span>{card.title}</span>
              <ChevronDown
                aria-hidden="true"
                data-card-chevron=""
                className={clsx("mt-1 size-6 shrink-0 text-ink-600 transition-transform", expanded && "rotate-180")}
              />
            </button>
          </h3>
          <p className="mt-3 leading-relaxed text-ink-700">{card.summary}</p>
          {/* A class, not the hidden attribute, so the no-JavaScript style can override it. */}
          <div
            id={detailsId}
            data-card-details=""
            className={clsx("mt-4 space-y-3 border-t border-ink-100 pt-4 leading-relaxed text-ink-700", !expanded && "hidden")}
          >
            {card.details.map((paragraph) => (
              <p key={paragraph.slice(0, 32)}>{paragraph}</p>
            ))}
          </div>
        </div>
      </div>
    </article>
  );
}
