import { redirect } from "react-router";
import { eventsListIntro } from "~/content/events.ts";
import { seminarFacts } from "~/content/site.ts";
import { releaseCancelledCheckout } from "~/features/seminars/booking/actions.server.ts";
import { CancelledNotice } from "~/features/seminars/events/components/cancelled-notice.tsx";
import { CantAttend } from "~/features/seminars/events/components/cant-attend.tsx";
import { EventsHero } from "~/features/seminars/events/components/events-hero.tsx";
import { EventsSection } from "~/features/seminars/events/components/events-section.tsx";
import { TryAgainButton } from "~/components/ui/try-again-button.tsx";
import { WhatYoullLearn } from "~/features/seminars/events/components/what-youll-learn.tsx";
import { WhyAttend } from "~/features/seminars/events/components/why-attend.tsx";
import { eventFiltersToSearch, goToEventsPage, parseEventFilters } from "~/features/seminars/events/filters.ts";
import { publicSeminarCard } from "~/features/seminars/events/public-view.ts";
import { eventsPage } from "~/features/seminars/events/listing.server.ts";
import { BUSY_MESSAGE, isBusyError } from "~/lib/busy.ts";
import { SA_TIME_ZONE, todayIn } from "~/lib/format.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import { pageMeta, siteUrlFrom } from "~/features/seo/meta.ts";
import type { Route } from "./+types/events";
import { startOnInputHandle } from "~/lib/app-start.ts";
import { sharedRenderHandle } from "~/lib/shared-render.ts";

/** Anonymous views share one render, dropped when seminars, seats or posts change (docs/decisions/021). */
// A marketing page: shared by anonymous views, its scripts started by the first input.
export const handle = { ...sharedRenderHandle, ...startOnInputHandle };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteUrlFrom(matches), {
    title: "Relocation Seminars in South Africa",
    description: `Seminars in Durban, Johannesburg, Cape Town, Pretoria and more for South Africans moving to the UK: ${seminarFacts.durationLabel} on the right to work, funding, jobs and housing, with Q&A.`,
    path: "/events",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  const { db } = runtime;
  const url = new URL(request.url);
  // The checkout's cancel address: release the visitor's held seat before the list is read.
  const cancelled = await releaseCancelledCheckout(runtime, url.searchParams.get("cancelled"));

  const filters = parseEventFilters(url.searchParams, todayIn(SA_TIME_ZONE));
  const result = await eventsPage(db, filters);
  // A page past the end (an old or hand-edited link) goes to the last page there is.
  if (filters.page > result.pageCount) throw redirect(`/events${eventFiltersToSearch(goToEventsPage(filters, result.pageCount))}`);
  return { ...result, seminars: result.seminars.map(publicSeminarCard), filters, cancelled };
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const { seminars, total, page, pageCount, cities, fromPriceCents, today, filters, cancelled } = loaderData;
  return (
    <main id="main">
      {cancelled && <CancelledNotice />}
      <EventsHero fromPriceCents={fromPriceCents} />
      <WhyAttend />
      <WhatYoullLearn />
      <EventsSection seminars={seminars} total={total} page={page} pageCount={pageCount} cities={cities} today={today} filters={filters} />
      <CantAttend />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  console.error(error);
  return (
    <main id="main" className="flex min-h-[60vh] items-center justify-center bg-ink-50 px-6 py-24">
      <div role="alert" className="max-w-xl text-center">
        <h1 className="text-3xl font-semibold text-ink-950 sm:text-4xl">{eventsListIntro.loadFailed}</h1>
        <p className="mt-4 text-lg text-ink-700">{isBusyError(error) ? BUSY_MESSAGE : "Please check your connection and try again in a moment."}</p>
        <TryAgainButton />
      </div>
    </main>
  );
}
