import { Compass, Hourglass, LifeBuoy } from "lucide-react";
import { brand } from "~/content/site.ts";
import { TryAgainButton } from "~/components/ui/try-again-button.tsx";
import { BUSY_MESSAGE, BUSY_STATUS } from "~/lib/busy.ts";

/** The 404 and error pages, in the site's style, standing alone (no loader data needed). */
export function ErrorPage({ status, title, message }: { status: number; title?: string; message?: string }) {
  const notFound = status === 404;
  if (status === BUSY_STATUS) return <BusyPage />;
  const Icon = notFound ? Compass : LifeBuoy;
  return (
    <main id="main" className="flex min-h-[70vh] items-center justify-center bg-ink-50 px-6 py-24">
      <div className="max-w-xl text-center">
        <Icon aria-hidden="true" className="mx-auto size-14 text-ink-700" />
        <p className="mt-6 text-sm font-semibold tracking-widest text-ink-600 uppercase">
          {notFound ? "Error 404" : `Error ${status}`}
        </p>
        <h1 className="mt-2 text-4xl font-semibold text-ink-900 sm:text-5xl">
          {title ?? (notFound ? "This page has moved on" : "Something went wrong on our side")}
        </h1>
        <p className="mt-4 text-lg text-ink-700">
          {message ??
            (notFound
            ? "We could not find the page you asked for. It may have moved, or the link may be mistyped."
            : `We are sorry: the page could not be shown. Please try again in a moment, or e-mail us at ${brand.email}.`)}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <a href="/" className="rounded-full bg-sun-500 px-6 py-3 font-semibold text-ink-950 hover:bg-sun-400">
            Back to the home page
          </a>
          <a
            href="/consultations"
            className="rounded-full border border-ink-300 px-6 py-3 font-semibold text-ink-900 hover:bg-white"
          >
            Talk to an adviser
          </a>
        </div>
      </div>
    </main>
  );
}

/** 503: the database was too busy to answer in time (docs/decisions/018). Nothing is wrong with the visitor's request. */
function BusyPage() {
  return (
    <main id="main" className="flex min-h-[70vh] items-center justify-center bg-ink-50 px-6 py-24">
      <div role="alert" className="max-w-xl text-center">
        <Hourglass aria-hidden="true" className="mx-auto size-14 text-ink-700" />
        <p className="mt-6 text-sm font-semibold tracking-widest text-ink-600 uppercase">Error 503</p>
        <h1 className="mt-2 text-4xl font-semibold text-ink-900 sm:text-5xl">One moment, please</h1>
        <p className="mt-4 text-lg text-ink-700">{BUSY_MESSAGE}</p>
        <p className="mt-2 text-ink-700">If it keeps happening, e-mail us at {brand.email}.</p>
        <TryAgainButton />
      </div>
    </main>
  );
}
