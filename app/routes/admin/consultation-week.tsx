import { ArrowLeft, ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { AdminLoadError } from "~/components/admin/load-error.tsx";
import { ResultNotice } from "~/components/admin/notice.tsx";
import { AdminPageHeader } from "~/components/admin/page-header.tsx";
import { buttonClasses } from "~/components/ui/button.ts";
import { requireAdminForAction } from "~/features/admin-auth/guard.server.ts";
import { linkSigner } from "~/features/admin-auth/service.server.ts";
import { WeekCalendar } from "~/features/consultations/components/admin/week-calendar.tsx";
import { consultationWeek, reassignConsultation } from "~/features/consultations/slots/week.server.ts";
import { dispatchAdminIntent } from "~/lib/form-answers.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import type { Route } from "./+types/consultation-week";

export const meta: Route.MetaFunction = () => [{ title: "Consultations this week | Thula Relocations admin" }, { name: "robots", content: "noindex, nofollow" }];

/** Form intents of this route's action (the authorisation matrix posts each one). */
export const intents = ["reassign-consultation"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext);
  return consultationWeek(db, new URL(request.url).searchParams);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireAdminForAction({ request, context });
  const { db, settings } = context.get(runtimeContext);
  return dispatchAdminIntent<(typeof intents)[number]>(
    request,
    { "reassign-consultation": (form) => reassignConsultation(db, actor, form, { siteUrl: settings.siteUrl, settings: settings.consultations, links: linkSigner(settings) }) },
    { "reassign-consultation": "Failed to reassign the meeting" },
  );
}

export default function AdminConsultationWeek({ loaderData, actionData }: Route.ComponentProps) {
  const view = loaderData;
  return (
    <section aria-labelledby="week-heading" className="space-y-4">
      <Link to="/admin/consultations" className="inline-flex items-center gap-1 text-sm font-semibold text-ink-800 underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Consultations
      </Link>
      <AdminPageHeader
        title="Week Calendar"
        headingId="week-heading"
        description={`${view.label}, in UK time: each consultant's hours, meetings and free time.`}
        actions={
          <nav aria-label="Weeks" className="flex gap-2">
            <Link to={`?week=${view.previous}`} className={buttonClasses("secondary", "md")}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              Previous Week
            </Link>
            <Link to="?" className={buttonClasses("secondary", "md")}>
              This Week
            </Link>
            <Link to={`?week=${view.next}`} className={buttonClasses("secondary", "md")}>
              Next Week
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          </nav>
        }
      />
      {actionData ? <ResultNotice result={actionData} /> : null}
      <WeekCalendar view={view} />
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <section aria-labelledby="week-heading" className="space-y-4">
      <h1 id="week-heading" className="text-3xl font-semibold text-ink-900">
        Week Calendar
      </h1>
      <AdminLoadError title="Failed to load the week" />
    </section>
  );
}
