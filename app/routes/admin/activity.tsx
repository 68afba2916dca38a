import { data } from "react-router";
import { AdminLoadError } from "~/components/admin/load-error.tsx";
import { AdminPageHeader } from "~/components/admin/page-header.tsx";
import { AdminKeysetPagination } from "~/components/admin/pagination.tsx";
import { ActivityFilters } from "~/features/activity/components/activity-filters.tsx";
import { ActivityTable } from "~/features/activity/components/activity-table.tsx";
import { parseActivityQuery } from "~/features/activity/rules.ts";
import { activityPage } from "~/features/activity/service.server.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import type { Route } from "./+types/activity";

export const meta: Route.MetaFunction = () => [{ title: "Activity | Thula Relocations admin" }, { name: "robots", content: "noindex, nofollow" }];

/** Form intents of this route's action: none (the log is read-only). */
export const intents = [] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseActivityQuery(new URL(request.url).searchParams);
  try {
    return { status: "ok" as const, query, ...(await activityPage(context.get(runtimeContext).db, query)) };
  } catch (error) {
    log.error("Failed to load the activity", errorFields(error));
    return data({ status: "error" as const, query }, { status: 500 });
  }
}

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  const { query } = loaderData;
  return (
    <section aria-labelledby="activity-heading" className="space-y-6">
      <AdminPageHeader
        title="Activity"
        headingId="activity-heading"
        description="Who did what and when: every change staff make, every sign-in, and what the site did on its own. Nothing here can be edited or removed."
      />
      {loaderData.status === "error" ? (
        <AdminLoadError title="Failed to load the activity" />
      ) : (
        <>
          <ActivityFilters query={query} actors={loaderData.actors} />
          <ActivityTable entries={loaderData.entries} filtered={Boolean(query.entityType || query.entityId || query.actorId || query.q)} />
          <AdminKeysetPagination shown={loaderData.entries.length} total={loaderData.total} nav={loaderData.nav} noun={["entry", "entries"]} />
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <section aria-labelledby="activity-heading" className="space-y-6">
      <h1 id="activity-heading" className="text-3xl font-semibold text-ink-900">
        Activity
      </h1>
      <AdminLoadError title="Failed to load the activity" />
    </section>
  );
}
