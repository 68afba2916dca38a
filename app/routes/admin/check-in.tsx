import { data } from "react-router";
import { AdminLoadError } from "~/components/admin/load-error.tsx";
import { requireAdminForAction } from "~/features/admin-auth/guard.server.ts";
import { doorAction } from "~/features/seminars/checkin/actions.server.ts";
import { DOOR_SEARCH_SHOWN, doorPage } from "~/features/seminars/checkin/checkin.server.ts";
import { CheckInScreen } from "~/features/seminars/checkin/components/check-in-screen.tsx";
import { checkInIntents } from "~/features/seminars/checkin/schema.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import type { Route } from "./+types/check-in";

// Door check-in for one seminar (docs/decisions/025): staff only, like every admin page.

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Check-in${loaderData ? `: ${loaderData.page.seminar.title}` : ""} | Thula Relocations admin` },
  { name: "robots", content: "noindex, nofollow" },
];

/** Form intents of this route's action (the authorisation matrix posts each one). */
export const intents = checkInIntents;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = await doorPage(context.get(runtimeContext).db, params.seminarId, new URL(request.url).searchParams.get("q"));
  if (!page) throw data(null, { status: 404 });
  return { page, shownMax: DOOR_SEARCH_SHOWN };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { actor } = await requireAdminForAction({ request, context });
  return doorAction(context.get(runtimeContext).db, actor, params.seminarId, request);
}

export default function AdminCheckIn({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckInScreen page={loaderData.page} result={actionData} shownMax={loaderData.shownMax} />;
}

export function ErrorBoundary() {
  return (
    <section aria-labelledby="door-heading" className="space-y-6">
      <h1 id="door-heading" className="text-3xl font-semibold text-ink-900">
        Door check-in
      </h1>
      <AdminLoadError title="That seminar could not be found, or the check-in page failed to load." />
    </section>
  );
}
