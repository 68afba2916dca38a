import { ArrowLeft, UserPlus } from "lucide-react";
import { Link, useLocation } from "react-router";
import { resultFor } from "~/lib/action-result.ts";
import { dispatchAdminIntent } from "~/lib/form-answers.server.ts";
import { AdminLoadError } from "~/components/admin/load-error.tsx";
import { AdminNotice, ResultNotice } from "~/components/admin/notice.tsx";
import { AdminPageHeader } from "~/components/admin/page-header.tsx";
import { useNotice, useSearchHref } from "~/components/admin/url-state.ts";
import { buttonClasses } from "~/components/ui/button.ts";
import { requireAdminForAction } from "~/features/admin-auth/guard.server.ts";
import { consultantsScreen, createConsultant, removeDateChange, renewCalendarFeed, setDateChange, updateConsultant } from "~/features/consultations/consultants/admin.server.ts";
import { ConsultantFormDialog } from "~/features/consultations/consultants/components/consultant-form-dialog.tsx";
import { ConsultantDatesDialog } from "~/features/consultations/consultants/components/dates-dialog.tsx";
import { ConsultantsTable } from "~/features/consultations/consultants/components/consultants-table.tsx";
import { CONSULTANT_MODAL_PARAMS } from "~/features/consultations/consultants/schema.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import type { Route } from "./+types/consultants";

export const meta: Route.MetaFunction = () => [{ title: "Consultants | Thula Relocations admin" }, { name: "robots", content: "noindex, nofollow" }];

/** Form intents of this route's action (the authorisation matrix posts each one). */
export const intents = ["create-consultant", "update-consultant", "set-date-change", "remove-date-change", "renew-calendar-feed"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, settings } = context.get(runtimeContext);
  return consultantsScreen(db, new URL(request.url).searchParams, { siteUrl: settings.siteUrl });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireAdminForAction({ request, context });
  const { db } = context.get(runtimeContext);
  return dispatchAdminIntent<(typeof intents)[number]>(
    request,
    {
      "create-consultant": (form) => createConsultant(db, actor, form),
      "update-consultant": (form) => updateConsultant(db, actor, form),
      "set-date-change": (form) => setDateChange(db, actor, form),
      "remove-date-change": (form) => removeDateChange(db, actor, form),
      "renew-calendar-feed": (form) => renewCalendarFeed(db, actor, form),
    },
    {
      "create-consultant": "Failed to add the consultant",
      "update-consultant": "Failed to save the consultant",
      "set-date-change": "Failed to save the date",
      "remove-date-change": "Failed to remove the date",
      "renew-calendar-feed": "Failed to make a new calendar address",
    },
  );
}

export default function AdminConsultants({ loaderData, actionData }: Route.ComponentProps) {
  const { consultants, editing, dates } = loaderData;
  const notice = useNotice();
  const href = useSearchHref();
  const search = new URLSearchParams(useLocation().search);
  // Successes close their dialog and show here; a refusal shows in its dialog (or here when none is open).
  const modalOpen = CONSULTANT_MODAL_PARAMS.some((param) => search.has(param));
  // The dates dialog stays open after a save and shows its own answers.
  const datesResult = actionData && (actionData.intent === "set-date-change" || actionData.intent === "remove-date-change") ? actionData : undefined;
  const feedResult = resultFor(actionData, "renew-calendar-feed");
  const pageResult = actionData && (actionData.ok || !modalOpen) && !(datesResult && search.has("dates")) && !(feedResult && search.has("edit")) ? actionData : undefined;
  return (
    <section aria-labelledby="consultants-heading" className="space-y-4">
      <Link to="/admin/consultations" className="inline-flex items-center gap-1 text-sm font-semibold text-ink-800 underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Consultations
      </Link>
      <AdminPageHeader
        title="Consultants"
        headingId="consultants-heading"
        description="The staff who take consultations, the time zone they work in and their weekly hours."
        actions={
          <Link to={href({ new: "1", edit: null })} preventScrollReset className={buttonClasses("dark", "md")}>
            <UserPlus aria-hidden="true" className="size-4" />
            Add Consultant
          </Link>
        }
      />
      {pageResult ? <ResultNotice result={pageResult} /> : <AdminNotice tone="success">{notice}</AdminNotice>}
      <ConsultantsTable consultants={consultants} />
      <ConsultantFormDialog mode="create" result={resultFor(actionData, "create-consultant")} />
      <ConsultantFormDialog
        mode="edit"
        consultant={editing?.consultant ?? null}
        history={editing?.history ?? []}
        feed={editing ? { url: editing.feedUrl, result: feedResult } : undefined}
        result={resultFor(actionData, "update-consultant")}
      />
      <ConsultantDatesDialog dates={dates} result={datesResult} />
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <section aria-labelledby="consultants-heading" className="space-y-4">
      <h1 id="consultants-heading" className="text-3xl font-semibold text-ink-900">
        Consultants
      </h1>
      <AdminLoadError title="Failed to load consultants" />
    </section>
  );
}
