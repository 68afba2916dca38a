import { clsx } from "clsx";
import { Check, Star } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import type { Package } from "~/content/types.ts";
import { track } from "~/lib/analytics.ts";
import { formatPounds } from "~/lib/format.ts";
import { CONSULTATIONS_HREF, packageBookingHref } from "../rules.ts";

/** One package: name, price, description, features and its two calls to action. */
export function PackageCard({ item }: { item: Package }) {
  const highlight = item.highlight === true;
  const headingId = `package-${item.id}`;
  const selectHref = packageBookingHref(item.id);
  return (
    <article
      aria-labelledby={headingId}
      data-package={item.id}
      className={clsx(
        "relative flex h-full flex-col rounded-3xl p-8",
        highlight ? "bg-ink-950 text-white shadow-2xl ring-2 ring-sun-500 lg:py-12" : "bg-white text-ink-900 shadow-sm ring-1 ring-ink-100",
      )}
    >
      {highlight ? (
        <p className="absolute -top-4 left-1/2 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full bg-sun-500 px-4 py-1.5 text-sm font-semibold whitespace-nowrap text-ink-950 shadow">
          <Star aria-hidden="true" className="size-4 fill-current" />
          Most Popular
        </p>
      ) : null}
      <h2 id={headingId} className="text-2xl font-semibold">
        {item.name}
      </h2>
      <p className="mt-4 flex items-baseline gap-2">
        <span className="font-display text-5xl font-semibold tracking-tight">{formatPounds(item.pricePounds)}</span>
        <span className={highlight ? "text-ink-200" : "text-ink-600"}>per household</span>
      </p>
      <p className={clsx("mt-4 leading-relaxed", highlight ? "text-ink-100" : "text-ink-700")}>{item.description}</p>
      <ul className="mt-8 flex-1 space-y-3">
        {item.features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <Check
              aria-hidden="true"
              className={clsx("mt-0.5 size-5 shrink-0 rounded-full p-0.5", highlight ? "bg-sun-500 text-ink-950" : "bg-veld-100 text-veld-700")}
            />
            <span className={highlight ? "text-ink-50" : "text-ink-800"}>{feature}</span>
          </li>
        ))}
      </ul>
      <div className="mt-10 flex flex-col gap-3">
        <Link
          to={selectHref}
          aria-describedby={headingId}
          className={buttonClasses(highlight ? "primary" : "dark", "lg", "w-full")}
          onClick={() => track({ name: "button_click", button_name: "Select Package", button_location: `packages_${item.id}`, destination: selectHref })}
        >
          Select Package
        </Link>
        <Link
          to={CONSULTATIONS_HREF}
          aria-describedby={headingId}
          className={buttonClasses(highlight ? "light" : "secondary", "lg", "w-full")}
          onClick={() =>
            track({ name: "button_click", button_name: "Book a Private Consultation", button_location: `packages_${item.id}`, destination: CONSULTATIONS_HREF })
          }
        >
          Book a Private Consultation
        </Link>
      </div>
    </article>
  );
}
