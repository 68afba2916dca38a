import { eventTopics, whatYoullLearnIntro } from "~/content/events.ts";
import { SectionIntro } from "./section-intro.tsx";

/** 'What You'll Learn': the seminar's programme, in order. */
export function WhatYoullLearn() {
  return (
    <section aria-labelledby="what-youll-learn-heading" className="render-lazily bg-ink-950 py-20 text-white sm:py-24">
      <div className="mx-auto grid max-w-7xl gap-12 px-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:px-8">
        <SectionIntro
          id="what-youll-learn-heading"
          tone="dark"
          eyebrow={whatYoullLearnIntro.eyebrow}
          heading={whatYoullLearnIntro.heading}
          body={whatYoullLearnIntro.body}
        />
        <ol className="space-y-4">
          {eventTopics.map((topic, index) => (
            <li key={topic.title} className="flex gap-5 rounded-2xl bg-white/5 p-5 ring-1 ring-white/10">
              <span aria-hidden="true" className="font-display text-3xl leading-none font-semibold text-sun-400">
                {String(index + 1).padStart(2, "0")}
              </span>
              <div>
                <h3 className="text-lg font-semibold text-white">{topic.title}</h3>
                <p className="mt-1 leading-relaxed text-ink-100">{topic.description}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
