import { CalendarDays, CalendarPlus, UsersRound } from "lucide-react";
import { Link, useLocation, useNavigation } from "react-router";
import { resultFor } from "~/lib/action-result.ts";
import { dispatchAdminIntent } from "~/lib/form-answers.server.ts";
import { AdminLoadError } from "~/components/admin/load-error.tsx";
import { AdminNotice, ResultNotice } from "~/components/admin/notice.tsx";
import { AdminPageHeader } from "~/components/admin/page-header.tsx";
import { AdminKeysetPagination } from "~/components/admin/pagination.tsx";
import { AdminSearchForm } from "~/components/admin/search-form.tsx";
import { useNotice, useSearchHref } from "~/components/admin/url-state.ts";
import { buttonClasses } from "~/components/ui/button.ts";
import { requireAdminForAction } from "~/features/admin-auth/guard.server.ts";
import {
  addConsultationNote,
  createConsultationByAdmin,
  deleteConsultationNote,
  sendConsultationIntroEmail,
  sendConsultationPaymentReminder,
  setConsultationPaid,
} from "~/features/consultations/admin-actions.server.ts";
import { cancelConsultation, changeConsultationStatusOrCancel, deleteConsultation } from "~/features/consultations/admin-cancel.server.ts";
import { consultationsScreen } from "~/features/consultations/admin.server.ts";
import { CONSULTATION_MODAL_PARAMS, consultationListParams } from "~/features/consultations/admin-schema.ts";
import { ConsultationDetailsDialog } from "~/features/consultations/components/admin/consultation-details-dialog.tsx";
import { ConsultationsTable } from "~/features/consultations/components/admin/consultations-table.tsx";
import { CreateConsultationDialog } from "~/features/consultations/components/admin/create-consultation-dialog.tsx";
import { CancelConsultationDialog } from "~/features/consultations/components/admin/cancel-consultation-dialog.tsx";
import { DeleteConsultationDialog } from "~/features/consultations/components/admin/delete-consultation-dialog.tsx";
import { RefundDialog } from "~/features/payments/components/refund-dialog.tsx";
import { REFUND_INTENT, REFUND_PARAM } from "~/features/payments/refund-schema.ts";
import { paymentProviderFor, refundDialogFor, refundFromForm } from "~/features/payments/service.server.ts";

import { runtimeContext } from "~/lib/runtime.server.ts";
import { paidItemsFor } from "~/wiring/payments.server.ts";
import type { Route } from "./+types/consultations";

export const meta: Route.MetaFunction = () => [{ title: "Consultations | Thula Relocations admin" }, { name: "robots", content: "noindex, nofollow" }];

/** Form intents of this route's action (the authorisation matrix posts each one). */
export const intents = [
  "create-consultation",
  "add-note",
  "delete-note",
  "change-status",
  "mark-paid",
  "mark-unpaid",
  "send-intro-email",
  "send-payment-reminder",
  "delete-consultation",
  REFUND_INTENT,

  "cancel-consultation",
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, settings } = context.get(runtimeContext);
  const params = new URL(request.url).searchParams;
  // The refund dialog (payments) opens over the details: ?view=<id>&refund=consultation:<id>.
  const [screen, refund] = await Promise.all([consultationsScreen(db, params), refundDialogFor(db, paidItemsFor(settings), params.get(REFUND_PARAM))]);
  return { ...screen, refund };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireAdminForAction({ request, context });
  const { db, settings } = context.get(runtimeContext);
  const mail = { siteUrl: settings.siteUrl };
  const cancelling = { siteUrl: settings.siteUrl, provider: paymentProviderFor(db, settings) };
  return dispatchAdminIntent<(typeof intents)[number]>(
    request,
    {
      "create-consultation": (form) => createConsultationByAdmin(db, actor, form),
      "add-note": (form) => addConsultationNote(db, actor, form),
      "delete-note": (form) => deleteConsultationNote(db, actor, form),
      "change-status": (form) => changeConsultationStatusOrCancel(db, actor, form, cancelling),
      "mark-paid": (form) => setConsultationPaid(db, actor, form, true),
      "mark-unpaid": (form) => setConsultationPaid(db, actor, form, false),
      "send-intro-email": (form) => sendConsultationIntroEmail(db, actor, form, mail),
      "send-payment-reminder": (form) => sendConsultationPaymentReminder(db, actor, form, mail),
      "delete-consultation": (form) => deleteConsultation(db, actor, form),
      [REFUND_INTENT]: (form) => refundFromForm(db, paymentProviderFor(db, settings), paidItemsFor(settings), actor, form),

      "cancel-consultation": (form) => cancelConsultation(db, actor, form, cancelling),
    },
    {
      "create-consultation": "Failed to create consultation",
      "delete-consultation": "Failed to delete consultation",
      "cancel-consultation": "Failed to cancel consultation",
      "send-intro-email": "Failed to queue the intro email",
      "send-payment-reminder": "Failed to queue the payment reminder",
      [REFUND_INTENT]: "Failed to refund",
    },
  );
}

/** The filters the header controls show: where a pending navigation is going, else the current URL. */
function useShownFilters() {
  const location = useLocation();
  const navigation = useNavigation();
  const target = navigation.location?.pathname === location.pathname ? navigation.location : location;
  return consultationListParams(new URLSearchParams(target.search));
}

export default function AdminConsultations({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, consultations, total, nav, anyExist, details, deleting, cancelling, contacts, missing, history } = loaderData;
  const notice = useNotice();
  const href = useSearchHref();
  const search = new URLSearchParams(useLocation().search);
  const shownFilters = useShownFilters();
  const modalOpen = CONSULTATION_MODAL_PARAMS.some((param) => search.has(param)) && !missing;
  const pageResult = actionData && (actionData.ok || !modalOpen) && !(details && actionData.target === details.id) ? actionData : undefined;
  return (
    <section aria-labelledby="consultations-heading" className="space-y-4">
      <AdminPageHeader
        title="Consultations"
        headingId="consultations-heading"
        description="Paid consultations and free intro calls: follow up, change their status, keep notes."
        actions={
          <>
            <Link to="/admin/consultations/week" className={buttonClasses("secondary", "md")}>
              <CalendarDays aria-hidden="true" className="size-4" />
              Week Calendar
            </Link>
            <Link to="/admin/consultants" className={buttonClasses("secondary", "md")}>
              <UsersRound aria-hidden="true" className="size-4" />
              Consultants
            </Link>
            <Link to={href({ new: "1", view: null, delete: null })} preventScrollReset className={buttonClasses("dark", "md")}>
              <CalendarPlus aria-hidden="true" className="size-4" />
              Book Consultation
            </Link>
          </>
        }
      />
      <AdminSearchForm label="Search consultations" placeholder="Search consultations..." defaultValue={filters.q} drop={[...CONSULTATION_MODAL_PARAMS, "return"]} />
      {missing ? <AdminNotice tone="error">That consultation was not found. It may have been deleted.</AdminNotice> : null}
      {pageResult ? <ResultNotice result={pageResult} /> : <AdminNotice tone="success">{notice}</AdminNotice>}
      <ConsultationsTable rows={consultations} filters={shownFilters} anyExist={anyExist} />
      <AdminKeysetPagination shown={consultations.length} total={total} nav={nav} noun={["consultation", "consultations"]} />

      <CreateConsultationDialog contacts={contacts} result={resultFor(actionData, "create-consultation")} />
      <ConsultationDetailsDialog details={details} history={history} result={actionData ?? undefined} />
      <DeleteConsultationDialog consultation={deleting} result={resultFor(actionData, "delete-consultation")} />
      {loaderData.refund ? <RefundDialog data={loaderData.refund} result={actionData} /> : null}

      <CancelConsultationDialog consultation={cancelling} result={resultFor(actionData, "cancel-consultation")} />
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <section aria-labelledby="consultations-heading" className="space-y-4">
      <h1 id="consultations-heading" className="text-3xl font-semibold text-ink-900">
        Consultations
      </h1>
      <AdminLoadError title="Failed to load consultations" />
    </section>
  );
}
