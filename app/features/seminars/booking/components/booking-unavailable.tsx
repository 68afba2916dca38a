import { ArrowRight, CalendarX2, Users } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { bookingPageCopy } from "~/content/events.ts";

export type UnavailableReason = "full" | "past" | "inactive" | "cancelled";

const copy: Record<UnavailableReason, { heading: string; hint: string }> = {
  full: { heading: bookingPageCopy.fullyBooked, hint: bookingPageCopy.fullyBookedHint },
  past: { heading: bookingPageCopy.notBookable, hint: bookingPageCopy.pastHint },
  inactive: { heading: bookingPageCopy.notBookable, hint: bookingPageCopy.inactiveHint },
  cancelled: { heading: bookingPageCopy.cancelled, hint: bookingPageCopy.cancelledHint },
};

/** In place of the booking form when the seminar cannot be booked. */
export function BookingUnavailable({ reason }: { reason: UnavailableReason }) {
  const Icon = reason === "full" ? Users : CalendarX2;
  return (
    <section aria-labelledby="booking-unavailable-heading" className="rounded-3xl border border-ink-100 bg-ink-50 p-6 text-center sm:p-8">
      <Icon aria-hidden="true" className="mx-auto size-10 text-ink-700" />
      <h2 id="booking-unavailable-heading" className="mt-4 text-2xl font-semibold text-ink-950">
        {copy[reason].heading}
      </h2>
      <p className="mt-3 text-ink-700">{copy[reason].hint}</p>
      <Link to="/events" className={buttonClasses("dark", "md", "mt-6")}>
        {bookingPageCopy.otherEvents}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </section>
  );
}
