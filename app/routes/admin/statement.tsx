import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { AdminLoadError } from "~/components/admin/load-error.tsx";
import { AdminPageHeader } from "~/components/admin/page-header.tsx";
import { requireAdmin } from "~/features/admin-auth/guard.server.ts";
import { StatementEntries, StatementPicker, StatementTotals } from "~/features/dashboard/components/statement-view.tsx";
import { parseMonth } from "~/features/dashboard/months.ts";
import { monthlyStatement, statementCsvResponse } from "~/features/dashboard/statement.server.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import type { Route } from "./+types/statement";

export const meta: Route.MetaFunction = () => [{ title: "Monthly statement | Thula Relocations admin" }, { name: "robots", content: "noindex, nofollow" }];

/** Form intents of this route's action: none (the month picker and the CSV are GETs). */
export const intents = [] as const;

/**
 * ?format=csv: the month's statement as a CSV download. Middleware, because a page route's
 * loader cannot answer a document request with a file; the layout's admin guard has already
 * run, and runs again here (as on /admin/bookings).
 */
const csvExport: Route.MiddlewareFunction = async ({ request, context }, next) => {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.searchParams.get("format") !== "csv") return next();
  await requireAdmin({ request, context });
  return statementCsvResponse(context.get(runtimeContext).db, parseMonth(url.searchParams.get("month")));
};

export const middleware: Route.MiddlewareFunction[] = [csvExport];

export async function loader({ request, context }: Route.LoaderArgs) {
  const month = parseMonth(new URL(request.url).searchParams.get("month"));
  try {
    return { status: "ok" as const, statement: await monthlyStatement(context.get(runtimeContext).db, month) };
  } catch (error) {
    log.error("Failed to load the monthly statement", errorFields(error));
    return data({ status: "error" as const }, { status: 500 });
  }
}

function StatementHeader() {
  return (
    <AdminPageHeader
      title="Monthly statement"
      headingId="statement-heading"
      description="Every payment received and refund made in a month (South African time), from the ledger."
      actions={
        <Link to="/admin/dashboard" className="inline-flex items-center gap-1 text-sm font-semibold text-ink-900 underline-offset-2 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Dashboard
        </Link>
      }
    />
  );
}

export default function AdminStatement({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="statement-heading" className="space-y-6">
      <StatementHeader />
      {loaderData.status === "error" ? (
        <AdminLoadError title="Failed to load the statement" />
      ) : (
        <>
          <StatementPicker statement={loaderData.statement} />
          <StatementTotals statement={loaderData.statement} />
          <StatementEntries statement={loaderData.statement} />
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <section aria-labelledby="statement-heading" className="space-y-6">
      <StatementHeader />
      <AdminLoadError title="Failed to load the statement" />
    </section>
  );
}
