import { data } from "react-router";
import { AdminLoadError } from "~/components/admin/load-error.tsx";
import { AdminPageHeader } from "~/components/admin/page-header.tsx";
import { AdminKeysetPagination } from "~/components/admin/pagination.tsx";
import { requireAdmin, requireAdminForAction } from "~/features/admin-auth/guard.server.ts";
import { RefundDialog } from "~/features/payments/components/refund-dialog.tsx";
import { REFUND_INTENT, REFUND_PARAM } from "~/features/payments/refund-schema.ts";
import { paymentProviderFor, refundDialogFor, refundFromForm } from "~/features/payments/service.server.ts";
import { hasBookingFilters, parseBookingListQuery } from "~/features/seminars/admin/schema.ts";
import { adminBookingsPage, bookingsCsvResponse } from "~/features/seminars/admin/bookings.server.ts";
import { seminarFilterFor } from "~/features/seminars/admin/seminar-picker.server.ts";
import { BookingFilters } from "~/features/seminars/admin/components/booking-filters.tsx";
import { BookingsTable } from "~/features/seminars/admin/components/bookings-table.tsx";
import { dispatchAdminIntent } from "~/lib/form-answers.server.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import { listPosition } from "~/lib/keyset.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import { paidItemsFor } from "~/wiring/payments.server.ts";
import type { Route } from "./+types/bookings";

export const meta: Route.MetaFunction = () => [{ title: "Seminar bookings | Thula Relocations admin" }, { name: "robots", content: "noindex, nofollow" }];

/** Form intents of this route's action: the refund dialog's (the CSV export is a GET). */
export const intents = [REFUND_INTENT] as const;

/**
 * ?format=csv: the filtered bookings as a CSV download. Middleware, because a page
 * route's loader cannot answer a document request with a file (React Router reads a
 * loader's Response as data); the layout's admin guard has already run, and runs again here.
 */
const csvExport: Route.MiddlewareFunction = async ({ request, context }, next) => {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.searchParams.get("format") !== "csv") return next();
  await requireAdmin({ request, context });
  return bookingsCsvResponse(context.get(runtimeContext).db, parseBookingListQuery(url.searchParams));
};

export const middleware: Route.MiddlewareFunction[] = [csvExport];

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = parseBookingListQuery(params);
  const { db, settings } = context.get(runtimeContext);
  try {
    const [page, refund, seminarFilter] = await Promise.all([
      adminBookingsPage(db, query, listPosition(params)),
      refundDialogFor(db, paidItemsFor(settings), params.get(REFUND_PARAM)),
      seminarFilterFor(db, query.seminarId),
    ]);
    return { status: "ok" as const, query, ...page, refund, seminarFilter };
  } catch (error) {
    log.error("Failed to load seminar bookings", errorFields(error));
    return data({ status: "error" as const, query }, { status: 500 });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireAdminForAction({ request, context });
  const { db, settings } = context.get(runtimeContext);
  return dispatchAdminIntent<(typeof intents)[number]>(
    request,
    { [REFUND_INTENT]: (form) => refundFromForm(db, paymentProviderFor(db, settings), paidItemsFor(settings), actor, form) },
    { [REFUND_INTENT]: "Failed to refund" },
  );
}

export default function AdminBookings({ loaderData, actionData }: Route.ComponentProps) {
  const { query } = loaderData;
  return (
    <section aria-labelledby="bookings-heading" className="space-y-6">
      <AdminPageHeader
        title="Seminar bookings"
        headingId="bookings-heading"
        description="Every seat booked at every seminar: who, for which seminar, its state and its money. Cancelled bookings stay on record."
      />
      {loaderData.status === "error" ? (
        <AdminLoadError title="Failed to load seminar bookings" />
      ) : (
        <>
          <BookingFilters query={query} seminarFilter={loaderData.seminarFilter} />
          <BookingsTable bookings={loaderData.bookings} filtered={hasBookingFilters(query)} />
          <AdminKeysetPagination shown={loaderData.bookings.length} total={loaderData.total} nav={loaderData.nav} noun={["booking", "bookings"]} />
          {loaderData.refund ? <RefundDialog data={loaderData.refund} result={actionData} /> : null}
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <section aria-labelledby="bookings-heading" className="space-y-6">
      <h1 id="bookings-heading" className="text-3xl font-semibold text-ink-900">
        Seminar bookings
      </h1>
      <AdminLoadError title="Failed to load seminar bookings" />
    </section>
  );
}
