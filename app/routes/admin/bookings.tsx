import { data } from "react-router";
import { AdminLoadError } from "~/components/admin/load-error.tsx";
import { AdminPageHeader } from "~/components/admin/page-header.tsx";
import { AdminPagination } from "~/components/admin/pagination.tsx";
import { requireAdmin } from "~/features/admin-auth/guard.server.ts";
import { ADMIN_BOOKINGS_PAGE_SIZE, hasBookingFilters, parseBookingListQuery } from "~/features/seminars/admin/schema.ts";
import { adminBookingsPage, bookingsCsvResponse } from "~/features/seminars/admin/bookings.server.ts";
import { BookingFilters } from "~/features/seminars/admin/components/booking-filters.tsx";
import { BookingsTable } from "~/features/seminars/admin/components/bookings-table.tsx";
import { errorFields, log } from "~/lib/log.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import type { Route } from "./+types/bookings";

export const meta: Route.MetaFunction = () => [{ title: "Seminar bookings | Thula Relocations admin" }, { name: "robots", content: "noindex, nofollow" }];

/** Form intents of this route's action: none (the CSV export is a GET). */
export const intents = [] as const;

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
  const query = parseBookingListQuery(new URL(request.url).searchParams);
  try {
    return { status: "ok" as const, query, ...(await adminBookingsPage(context.get(runtimeContext).db, query)) };
  } catch (error) {
    log.error("Failed to load seminar bookings", errorFields(error));
    return data({ status: "error" as const, query }, { status: 500 });
  }
}

export default function AdminBookings({ loaderData }: Route.ComponentProps) {
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
          <BookingFilters query={query} seminars={loaderData.seminars} />
          <BookingsTable bookings={loaderData.bookings} filtered={hasBookingFilters(query)} />
          <AdminPagination page={loaderData.page} pageCount={loaderData.pageCount} total={loaderData.total} pageSize={ADMIN_BOOKINGS_PAGE_SIZE} noun={["booking", "bookings"]} />
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
