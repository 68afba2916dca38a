import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { ResultNotice } from "~/components/admin/notice.tsx";
import { AdminPageHeader } from "~/components/admin/page-header.tsx";
import { requireAdminForAction } from "~/features/admin-auth/guard.server.ts";
import { loadStaffWaitlist, staffWaitlistAction } from "~/features/seminars/waitlist/admin.server.ts";
import { waitlistAdminIntents } from "~/features/seminars/waitlist/staff-view.ts";
import { StaffWaitlistTable } from "~/features/seminars/waitlist/components/staff-waitlist-table.tsx";
import { formatLongDate } from "~/lib/format.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import type { Route } from "./+types/seminar-waitlist";

export const meta: Route.MetaFunction = () => [{ title: "Waitlist | Thula Relocations admin" }, { name: "robots", content: "noindex, nofollow" }];

/** Form intents of this route's action (the authorisation matrix posts each one). */
export const intents = waitlistAdminIntents;

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadStaffWaitlist(context.get(runtimeContext).db, params.seminarId);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireAdminForAction({ request, context });
  return staffWaitlistAction(context.get(runtimeContext), actor, request);
}

export default function SeminarWaitlist({ loaderData, actionData }: Route.ComponentProps) {
  const { seminar, entries } = loaderData;
  return (
    <section aria-labelledby="waitlist-heading" className="space-y-6">
      <Link to="/admin/seminars" className="inline-flex items-center gap-1.5 text-sm font-semibold text-ink-800 underline underline-offset-2">
        <ArrowLeft aria-hidden="true" className="size-4" />
        All seminars
      </Link>
      <AdminPageHeader
        title={`Waitlist: ${seminar.title}`}
        headingId="waitlist-heading"
        description={`${formatLongDate(seminar.seminarDate) ?? seminar.seminarDate} · ${seminar.seatsLeft} of ${seminar.maxAttendees} seats free. Freed seats are offered to the first in line that fit; an offer holds them while the person pays.`}
      />
      <ResultNotice result={actionData} />
      <StaffWaitlistTable entries={entries} />
    </section>
  );
}
