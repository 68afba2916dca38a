import { ArrowLeft, Plus } from "lucide-react";
import { data, Link } from "react-router";
import { AdminLoadError } from "~/components/admin/load-error.tsx";
import { AdminNotice } from "~/components/admin/notice.tsx";
import { AdminPageHeader } from "~/components/admin/page-header.tsx";
import { AdminPagination } from "~/components/admin/pagination.tsx";
import { buttonClasses } from "~/components/ui/button.ts";
import { RecordHistory } from "~/features/activity/components/record-history.tsx";
import { requireAdminForAction } from "~/features/admin-auth/guard.server.ts";
import { RefundDialog } from "~/features/payments/components/refund-dialog.tsx";
import { REFUND_INTENT, REFUND_PARAM } from "~/features/payments/refund-schema.ts";
import { isRefundPost, paymentProviderFor, refundDialogFor, refundFromForm } from "~/features/payments/service.server.ts";
import { loadSeminarsPage, seminarsPageAction, type SeminarActionResult, type SeminarsNotice } from "~/features/seminars/admin/actions.server.ts";
import { ADMIN_SEMINARS_PAGE_SIZE, seminarAdminIntents, seminarListSearch, type SeminarListQuery } from "~/features/seminars/admin/schema.ts";
import { AttendeesModal } from "~/features/seminars/admin/components/attendees-modal.tsx";
import { DeleteSeminarModal } from "~/features/seminars/admin/components/delete-seminar-modal.tsx";
import { SeminarCard } from "~/features/seminars/admin/components/seminar-card.tsx";
import { SeminarFilters } from "~/features/seminars/admin/components/seminar-filters.tsx";
import { SeminarForm } from "~/features/seminars/admin/components/seminar-form.tsx";
import { UrlDialog } from "~/components/admin/url-dialog.tsx";
import { dispatchAdminIntent } from "~/lib/form-answers.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import { paidItemsFor } from "~/wiring/payments.server.ts";
import type { AdminActionResult } from "~/lib/action-result.ts";
import type { Route } from "./+types/seminars";

export const meta: Route.MetaFunction = () => [{ title: "Seminars | Thula Relocations admin" }, { name: "robots", content: "noindex, nofollow" }];

/** Form intents of this route's action (the authorisation matrix posts each one). */
export const intents = [...seminarAdminIntents, REFUND_INTENT] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  const url = new URL(request.url);
  // The refund dialog (payments) opens over Manage Attendees: ?attendees=<seminar>&refund=seminar:<booking>.
  const [page, refund] = await Promise.all([loadSeminarsPage(runtime, url), refundDialogFor(runtime.db, paidItemsFor(runtime.settings), url.searchParams.get(REFUND_PARAM))]);
  return data({ ...page.data, refund }, page.init ?? undefined);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireAdminForAction({ request, context });
  const runtime = context.get(runtimeContext);
  if (await isRefundPost(request)) {
    const { db, settings } = runtime;
    return dispatchAdminIntent(request, { [REFUND_INTENT]: (form) => refundFromForm(db, paymentProviderFor(db, settings), paidItemsFor(settings), actor, form) }, { [REFUND_INTENT]: "Failed to refund" });
  }
  return seminarsPageAction(runtime, actor, request);
}

const href = (query: SeminarListQuery, extra: Record<string, string> = {}) => `/admin/seminars${seminarListSearch(query, extra)}`;

/** An action answer for one of these forms. */
function resultOf(actionData: SeminarActionResult | undefined, ...intents: string[]) {
  return actionData && intents.includes(actionData.intent) ? actionData : undefined;
}

/** The page's action answers a seminar form, or the refund dialog's. */
type PageAnswer = SeminarActionResult | AdminActionResult | undefined;
const seminarAnswer = (answer: PageAnswer) => (answer && "title" in answer ? answer : undefined);

export default function AdminSeminars({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { query } = loaderData;
  const actionData = seminarAnswer(answer);
  const closedHref = href(query);
  return (
    <section aria-labelledby="seminars-heading" className="space-y-6">
      <AdminPageHeader
        title="Seminars"
        headingId="seminars-heading"
        description="Seminars in South African cities: their details, seats and attendees."
        actions={
          <>
            <Link to="/admin/dashboard" className={buttonClasses("ghost", "md")}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back to Dashboard
            </Link>
            <Link to={href(query, { create: "1" })} preventScrollReset className={buttonClasses("dark", "md")}>
              <Plus aria-hidden="true" className="size-4" />
              Create Seminar
            </Link>
          </>
        }
      />
      <SeminarFilters query={query} />
      {loaderData.status === "error" ? (
        <AdminLoadError title="Failed to load seminars" />
      ) : (
        <>
          <Notice notice={loaderData.notice} />
          {loaderData.seminars.length === 0 ? (
            <p className="rounded-xl border border-dashed border-ink-200 bg-white px-6 py-12 text-center font-medium text-ink-800">No seminars found matching your criteria.</p>
          ) : (
            <ul aria-label="Seminars" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {loaderData.seminars.map((seminar) => (
                <li key={seminar.id}>
                  <SeminarCard seminar={seminar} editHref={href(query, { edit: seminar.id })} attendeesHref={href(query, { attendees: seminar.id })} />
                </li>
              ))}
            </ul>
          )}
          <AdminPagination page={query.page} pageCount={loaderData.pageCount} total={loaderData.total} pageSize={ADMIN_SEMINARS_PAGE_SIZE} noun={["seminar", "seminars"]} />
          {loaderData.modal?.kind === "create" ? (
            <UrlDialog closedHref={closedHref} title="Create Seminar" description="Fields marked * are required. New seminars are active unless you untick Active.">
              <SeminarForm mode="create" today={loaderData.today} result={resultOf(actionData, "create-seminar")} cancelHref={closedHref} />
            </UrlDialog>
          ) : null}
          {loaderData.modal?.kind === "edit" ? (
            <UrlDialog closedHref={closedHref} title="Edit Seminar" description={`${loaderData.modal.seminar.currentAttendees} of ${loaderData.modal.seminar.maxAttendees} seats taken.`}>
              <SeminarForm
                mode="edit"
                seminar={loaderData.modal.seminar}
                today={loaderData.today}
                result={resultOf(actionData, "update-seminar")}
                cancelHref={closedHref}
                deleteHref={loaderData.modal.seminar.cancelledAt ? undefined : href(query, { delete: loaderData.modal.seminar.id })}
                deleteLabel={loaderData.modal.hasBookings ? "Cancel seminar" : "Delete seminar"}
              />
              <div className="mt-6">
                <RecordHistory entries={loaderData.modal.history} headingId="edit-seminar-history-heading" />
              </div>
            </UrlDialog>
          ) : null}
          {loaderData.modal?.kind === "delete" ? (
            <DeleteSeminarModal
              seminar={loaderData.modal.seminar}
              preview={loaderData.modal.preview}
              result={resultOf(actionData, "delete-seminar", "cancel-seminar")}
              closedHref={closedHref}
            />
          ) : null}
          {loaderData.modal?.kind === "attendees" ? (
            <AttendeesModal
              modal={loaderData.modal}
              result={resultOf(actionData, "add-attendee", "cancel-booking", "send-reminder")}
              closedHref={closedHref}
              today={loaderData.today}
            />
          ) : null}
          {loaderData.refund ? <RefundDialog data={loaderData.refund} result={answer} /> : null}
        </>
      )}
    </section>
  );
}

function Notice({ notice }: { notice: SeminarsNotice | null }) {
  if (!notice) return null;
  if (notice.kind === "missing") return <AdminNotice tone="error">That seminar no longer exists. It may have been deleted.</AdminNotice>;
  const title = notice.title || "The seminar";
  if (notice.kind === "created") return <AdminNotice tone="success">Seminar “{title}” was created.</AdminNotice>;
  if (notice.kind === "saved") {
    const then =
      notice.then === "cancelled"
        ? " The seminar is cancelled: its attendees were e-mailed and paid bookings marked Refund due."
        : notice.then === "kept"
          ? " It is hidden from the site and its bookings are kept."
          : "";
    return (
      <AdminNotice tone="success">
        Your changes to “{title}” were saved.{then}
      </AdminNotice>
    );
  }
  if (notice.kind === "deleted") return <AdminNotice tone="success">Seminar “{title}” was deleted.</AdminNotice>;
  const { mailed, refunds } = notice;
  return (
    <AdminNotice tone="success">
      Seminar “{title}” was cancelled.{" "}
      {mailed === 0 ? "Nobody held a seat, so no one was e-mailed." : `${mailed} ${mailed === 1 ? "attendee was" : "attendees were"} e-mailed that it is cancelled.`}{" "}
      {refunds === 0 ? (
        "No refunds are due."
      ) : (
        <>
          {refunds} {refunds === 1 ? "refund is" : "refunds are"} due:{" "}
          <Link to="/admin/bookings?state=refund_due" className="underline underline-offset-2">
            see the bookings with a refund due
          </Link>
          .
        </>
      )}
    </AdminNotice>
  );
}

export function ErrorBoundary() {
  return (
    <section aria-labelledby="seminars-heading" className="space-y-6">
      <h1 id="seminars-heading" className="text-3xl font-semibold text-ink-900">
        Seminars
      </h1>
      <AdminLoadError title="Failed to load seminars" />
    </section>
  );
}
