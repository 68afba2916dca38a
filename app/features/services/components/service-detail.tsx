import { clsx } from "clsx";
import { ArrowDown, Check } from "lucide-react";
import type { ReactNode } from "react";
import { buttonClasses } from "~/components/ui/button.ts";
import { srcSet } from "~/components/ui/responsive-picture.tsx";
import { services } from "~/content/services.ts";
import type { Service } from "~/content/types.ts";

type Props = {
  service: Service;
  /** The service's title as a heading: an <h3> in the panel, the dialog's title in the overlay. */
  heading: ReactNode;
  onStartJourney: () => void;
  layout: "panel" | "overlay";
};

/** What one service includes, in the concierge's dark theme when it asks for one. */
export function ServiceDetail({ service, heading, onStartJourney, layout }: Props) {
  const dark = service.darkMode === true;
  const position = services.findIndex((candidate) => candidate.id === service.id) + 1;
  return (
    <div
      data-theme={dark ? "dark" : "light"}
      className={clsx(
        "overflow-hidden",
        layout === "panel" && "rounded-3xl shadow-xl ring-1",
        dark ? "bg-ink-950 text-white ring-ink-800" : "bg-white text-ink-900 ring-ink-100",
      )}
    >
      {/* The panel shows the illustration as a wide band above the text: a column beside it was either
          blank below the picture or, stretched to the text's height, cut the wide picture to a sliver. */}
      <img
        src={service.image.src}
        srcSet={srcSet(service.image, "webp")}
        sizes="(min-width: 768px) 640px, 100vw"
        alt={service.image.alt}
        width={service.image.width}
        height={service.image.height}
        className={clsx("w-full object-cover", layout === "panel" ? "aspect-[16/9]" : "aspect-[4/3]", dark ? "bg-ink-900" : "bg-ink-50")}
      />
      <div className={clsx("p-6 sm:p-8", layout === "overlay" && "pb-12")}>
        <p className={clsx("text-sm font-semibold tracking-widest uppercase", dark ? "text-sun-300" : "text-ink-600")}>
          Service {position} of {services.length}
        </p>
        {heading}
        <p className={clsx("mt-3 text-lg font-medium", dark ? "text-ink-100" : "text-ink-800")}>{service.summary}</p>
        <p className={clsx("mt-4 leading-relaxed", dark ? "text-ink-200" : "text-ink-700")}>{service.description}</p>
        <p className={clsx("mt-6 text-sm font-semibold tracking-widest uppercase", dark ? "text-sun-300" : "text-ink-600")}>
          What we do for you
        </p>
        <ul className="mt-3 space-y-3">
          {service.features.map((feature) => (
            <li key={feature} className="flex gap-3">
              <Check
                aria-hidden="true"
                className={clsx("mt-0.5 size-5 shrink-0 rounded-full p-0.5", dark ? "bg-sun-500 text-ink-950" : "bg-veld-100 text-veld-700")}
              />
              <span className={dark ? "text-ink-100" : "text-ink-800"}>{feature}</span>
            </li>
          ))}
        </ul>
        <button type="button" onClick={onStartJourney} className={buttonClasses(dark ? "primary" : "dark", "lg", "mt-8 cursor-pointer")}>
          Start My Journey
          <ArrowDown aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
