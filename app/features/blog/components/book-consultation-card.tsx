import { ArrowRight, Clock, Video } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { consultation } from "~/content/site.ts";
import { formatRand } from "~/lib/format.ts";
import { blogPostCopy } from "../copy.ts";

/** The post page's 'Book Now' card: a private consultation, R3499, 60 minutes (docs/product.md §2.8, §11.1). */
export function BookConsultationCard() {
  return (
    <div className="rounded-2xl bg-ink-900 p-6 text-white shadow-lg">
      <h2 className="text-2xl font-semibold">{blogPostCopy.bookHeading}</h2>
      <p className="mt-2 text-ink-100">{blogPostCopy.bookBody}</p>
      <p className="mt-5 font-display text-4xl font-semibold" data-testid="consultation-price">
        {formatRand(consultation.priceCents)}
      </p>
      <p className="mt-1 text-sm text-ink-100">{consultation.priceNote}</p>
      <ul className="mt-4 space-y-2 text-sm text-ink-100">
        <li className="flex items-center gap-2">
          <Clock aria-hidden="true" className="size-4 shrink-0 text-sun-300" />
          {consultation.minutes} minutes
        </li>
        <li className="flex items-center gap-2">
          <Video aria-hidden="true" className="size-4 shrink-0 text-sun-300" />
          {consultation.medium}
        </li>
      </ul>
      <Link to="/consultations" className={buttonClasses("primary", "md", "mt-6 w-full")}>
        {blogPostCopy.bookCta}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </div>
  );
}
