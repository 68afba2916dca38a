import { FileText, UserCheck, Video, Wallet, type LucideIcon } from "lucide-react";
import { consultationHighlights } from "~/content/consultations.ts";
import type { ConsultationHighlight } from "~/content/types.ts";

const icons: Record<ConsultationHighlight["icon"], LucideIcon> = {
  "user-check": UserCheck,
  "file-text": FileText,
  wallet: Wallet,
  video: Video,
};

/** The four highlights of a private consultation. */
export function ConsultationHighlights() {
  return (
    <section aria-labelledby="highlights-title" className="render-lazily bg-white px-5 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-[0.18em] text-ink-600 uppercase">Why book</p>
          <h2 id="highlights-title" className="mt-3 text-3xl font-semibold text-ink-950 sm:text-4xl">
            An hour that saves you months of guesswork
          </h2>
        </div>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {consultationHighlights.map((highlight) => {
            const Icon = icons[highlight.icon];
            return (
              <li key={highlight.title} className="flex flex-col rounded-2xl border border-ink-100 bg-ink-50/60 p-6">
                <span className="flex size-12 items-center justify-center rounded-xl bg-ink-900 text-sun-300">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <h3 className="mt-5 text-xl font-semibold text-ink-950">{highlight.title}</h3>
                <p className="mt-2 leading-relaxed text-ink-700">{highlight.description}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
