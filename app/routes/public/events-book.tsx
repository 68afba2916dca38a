import { data, isRouteErrorResponse } from "react-router";
import { brand, seminarFacts } from "~/content/site.ts";
import { serializeJsonLd } from "~/features/seo/meta.ts";
import { bookingPageAction } from "~/features/seminars/booking/actions.server.ts";
import { BookingHeader } from "~/features/seminars/booking/components/booking-header.tsx";
import { BookingPageError } from "~/features/seminars/booking/components/booking-page-error.tsx";
import { BookingPanel } from "~/features/seminars/booking/components/booking-panel.tsx";
import { SeminarDetails } from "~/features/seminars/booking/components/seminar-details.tsx";
import { seminarEventJsonLd } from "~/features/seminars/events/json-ld.ts";
import { publicBookingSeminar } from "~/features/seminars/events/public-view.ts";
import { seminarForBookingPage } from "~/features/seminars/events/listing.server.ts";
import { isBusyError } from "~/lib/busy.ts";
import { formatLongDate, formatRand } from "~/lib/format.ts";
import { clientContext } from "~/lib/client.server.ts";
import { pageHeadersWithRetryAfter } from "~/lib/route-headers.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import { pageMeta, siteUrlFrom } from "~/features/seo/meta.ts";
import { randValue } from "~/lib/analytics.ts";
import { useViewContent } from "~/lib/use-view-content.ts";
import type { Route } from "./+types/events-book";
import { sharedRenderHandle } from "~/lib/shared-render.ts";

/** Anonymous views share one render, dropped when seminars, seats or posts change (docs/decisions/021). */
export const handle = sharedRenderHandle;

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  const seminar = loaderData?.seminar;
  if (!seminar) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [{ title: `${notFound ? "Seminar not found" : "Failed to load seminar"} | ${brand.name}` }, { name: "robots", content: "noindex" }];
  }
  const tags = pageMeta(siteUrlFrom(matches), {
    title: `${seminar.title}, ${formatLongDate(seminar.seminarDate) ?? seminar.seminarDate}`,
    description: `Book your seat at ${seminar.venueName}, ${seminar.city}: ${seminarFacts.durationLabel} for South Africans moving to the UK, with Q&A. ${formatRand(seminar.priceCents)} per person.`,
    path: `/events/book/${seminar.id}`,
  });
  return seminar.bookable ? tags : [...tags, { name: "robots", content: "noindex" }];
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, settings } = context.get(runtimeContext);
  const seminar = await seminarForBookingPage(db, params.seminarId);
  if (!seminar) throw data(null, { status: 404 });
  return {
    seminar: publicBookingSeminar(seminar),
    jsonLd: seminar.isActive ? serializeJsonLd(seminarEventJsonLd(seminar, settings.siteUrl)) : null,
  };
}

// A hold refused for the address's limit answers with Retry-After, on the page response too.
export const headers: Route.HeadersFunction = pageHeadersWithRetryAfter;

export async function action({ request, params, context }: Route.ActionArgs) {
  return bookingPageAction(context.get(runtimeContext), context.get(clientContext), params.seminarId, request);
}

export default function EventsBook({ loaderData, actionData }: Route.ComponentProps) {
  const { seminar, jsonLd } = loaderData;
  useViewContent(
    seminar.bookable && seminar.isActive
      ? { content_name: seminar.title, content_category: "seminar", content_id: seminar.id, ...randValue(seminar.priceCents) }
      : null,
  );
  return (
    <main id="main">
      {jsonLd && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />}
      <BookingHeader seminar={seminar} />
      <div className="bg-ink-50/60">
        <div className="mx-auto grid max-w-7xl items-start gap-8 px-5 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_30rem] lg:px-8">
          <SeminarDetails seminar={seminar} />
          {/* After a submission the answer comes first on small screens, where the visitor is looking. */}
          <div className={actionData ? "order-first lg:sticky lg:top-24 lg:order-none" : "lg:sticky lg:top-24"}>
            <BookingPanel seminar={seminar} result={actionData} />
          </div>
        </div>
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <BookingPageError notFound={notFound} busy={isBusyError(error)} />;
}
