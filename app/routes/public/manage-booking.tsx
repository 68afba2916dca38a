import { data, isRouteErrorResponse } from "react-router";
import { ErrorPage } from "~/components/layout/error-page.tsx";
import { brand } from "~/content/site.ts";
import { linkSigner } from "~/features/admin-auth/service.server.ts";
import { paymentProviderFor } from "~/features/payments/service.server.ts";
import { manageBookingAction } from "~/features/seminars/manage/actions.server.ts";
import { ManageBookingPage, type ManageAnswer } from "~/features/seminars/manage/components/manage-booking-page.tsx";
import { BookingNotFoundError } from "~/features/seminars/manage/manage.server.ts";
import { manageBookingView } from "~/features/seminars/manage/page.server.ts";
import { serveWaitlistNow, waitlistRuntime } from "~/features/seminars/service.server.ts";
import { runtimeContext, type Runtime } from "~/lib/runtime.server.ts";
import { paidItemsFor } from "~/wiring/payments.server.ts";
import type { Route } from "./+types/manage-booking";

// "Manage my booking" (docs/decisions/026), opened by the signed link in the booking's e-mails.
// Per person: never in the shared page cache (no sharedRenderHandle), never stored, never indexed.

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `Your booking: ${loaderData.view.seminar.title}` : "Booking not found"} | ${brand.name}` },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

const site = ({ db, settings }: Runtime) => ({
  siteUrl: settings.siteUrl,
  links: linkSigner(settings),
  freeCancellationHours: settings.seminars.freeCancellationHours,
  seatsFreed: (seminarId: string) => serveWaitlistNow(db, seminarId, waitlistRuntime(settings)),
});

export async function loader({ params, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  try {
    return { view: await manageBookingView(runtime.db, site(runtime), params.token) };
  } catch (error) {
    if (error instanceof BookingNotFoundError) throw data(null, { status: 404, headers: { "Cache-Control": "no-store" } });
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  const { db, settings } = runtime;
  return manageBookingAction(db, site(runtime), { provider: paymentProviderFor(db, settings), items: paidItemsFor(settings) }, params.token, request);
}

export default function ManageBooking({ loaderData, actionData }: Route.ComponentProps) {
  return <ManageBookingPage view={loaderData.view} answer={actionData as ManageAnswer | undefined} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage status={404} title="Booking not found" message="Please check the link in your booking e-mail." />;
  console.error(error);
  return <ErrorPage status={500} />;
}
