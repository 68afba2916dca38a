import { ArrowRight, PhoneCall, Video } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { cantAttendIntro, eventAlternatives } from "~/content/events.ts";
import { track } from "~/lib/analytics.ts";
import { SectionIntro } from "./section-intro.tsx";

/** 'Can't Attend an Event?': a private consultation or a free intro call instead. */
export function CantAttend() {
  return (
    <section aria-labelledby="cant-attend-heading" className="render-lazily bg-ink-50 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-5 lg:px-8">
        <SectionIntro id="cant-attend-heading" align="center" eyebrow={cantAttendIntro.eyebrow} heading={cantAttendIntro.heading} body={cantAttendIntro.body} />
        <ul className="mx-auto mt-12 grid max-w-5xl gap-6 md:grid-cols-2">
          {eventAlternatives.map((option) => {
            const Icon = option.id === "free-call" ? PhoneCall : Video;
            return (
              <li key={option.id} className="flex flex-col rounded-2xl border border-ink-100 bg-white p-6 shadow-sm sm:p-8">
                <span className="flex size-12 items-center justify-center rounded-xl bg-ink-900 text-sun-400">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <h3 className="mt-5 text-2xl font-semibold text-ink-950">{option.title}</h3>
                <p className="mt-3 flex-1 leading-relaxed text-ink-700">{option.body}</p>
                <p className="mt-4 text-sm font-semibold text-ink-800">{option.meta}</p>
                <Link
                  to={option.cta.to}
                  onClick={() => track({ name: "button_click", button_name: option.cta.label, button_location: "events cant attend", destination: option.cta.to })}
                  className={buttonClasses(option.id === "free-call" ? "secondary" : "dark", "md", "mt-6 self-start")}
                >
                  {option.cta.label}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
