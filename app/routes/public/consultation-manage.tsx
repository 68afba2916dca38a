import { data, isRouteErrorResponse } from "react-router";
import { ErrorPage } from "~/components/layout/error-page.tsx";
import { brand } from "~/content/site.ts";
import { linkSigner } from "~/features/admin-auth/service.server.ts";
import { ManagePanel } from "~/features/consultations/components/manage-panel.tsx";
import { manageAction, manageView, type ManageAnswer } from "~/features/consultations/manage/page.server.ts";
import { paymentProviderFor } from "~/features/payments/service.server.ts";
import { NotFoundError } from "~/lib/errors.ts";
import { runtimeContext, type Runtime } from "~/lib/runtime.server.ts";
import { paidItemsFor } from "~/wiring/payments.server.ts";
import type { Route } from "./+types/consultation-manage";

// Moving or cancelling a consultation (issue 17), opened by the signed link in its e-mails.
// Per person: never in the shared page cache, never stored, never indexed.

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? "Your consultation" : "Booking not found"} | ${brand.name}` },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

const site = ({ settings }: Runtime) => ({ siteUrl: settings.siteUrl, links: linkSigner(settings), settings: settings.consultations });

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  try {
    return { view: await manageView(runtime.db, site(runtime), params.token, url.searchParams) };
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404, headers: { "Cache-Control": "no-store" } });
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  const { db, settings } = runtime;
  return manageAction(db, site(runtime), { provider: paymentProviderFor(db, settings), items: paidItemsFor(settings) }, params.token, request);
}

export default function ConsultationManage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="bg-ink-50 px-5 py-16 sm:py-24">
      <ManagePanel view={loaderData.view} answer={actionData as ManageAnswer | undefined} />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage status={404} title="Booking not found" message="Please check the link in your booking e-mail." />;
  console.error(error);
  return <ErrorPage status={500} />;
}
