import { ArrowLeft, Compass, LifeBuoy } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { bookingPageCopy } from "~/content/events.ts";
import { BUSY_MESSAGE } from "~/lib/busy.ts";

/** The booking page's error states: an unknown seminar, or one that failed to load (`busy`: the database did not answer in time). */
export function BookingPageError({ notFound, busy = false }: { notFound: boolean; busy?: boolean }) {
  const Icon = notFound ? Compass : LifeBuoy;
  return (
    <main id="main" className="flex min-h-[60vh] items-center justify-center bg-ink-50 px-6 py-24">
      <div role={notFound ? undefined : "alert"} className="max-w-xl text-center">
        <Icon aria-hidden="true" className="mx-auto size-12 text-ink-700" />
        <h1 className="mt-6 text-3xl font-semibold text-ink-950 sm:text-4xl">{notFound ? bookingPageCopy.notFound : bookingPageCopy.loadFailed}</h1>
        <p className="mt-4 text-lg text-ink-700">{notFound ? bookingPageCopy.notFoundHint : busy ? BUSY_MESSAGE : bookingPageCopy.loadFailedHint}</p>
        <Link to="/events" className={buttonClasses("dark", "lg", "mt-8")}>
          <ArrowLeft aria-hidden="true" className="size-5" />
          {bookingPageCopy.returnToEvents}
        </Link>
      </div>
    </main>
  );
}
