import { isRouteErrorResponse } from "react-router";
import { ErrorPage } from "~/components/layout/error-page.tsx";
import { brand } from "~/content/site.ts";
import { OfferCard } from "~/features/seminars/waitlist/components/offer-card.tsx";
import { loadOfferPage, offerPageAction } from "~/features/seminars/waitlist/offer-page.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import type { Route } from "./+types/waitlist-offer";

// A waitlist offer's page, opened by the signed link in the offer e-mail (docs/decisions/027).
// Per person: never in the shared page cache, never stored, never indexed.

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `Your waitlist offer: ${loaderData.offer.seminar.title}` : "Waitlist offer not found"} | ${brand.name}` },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadOfferPage(context.get(runtimeContext), params.token);
}

export async function action({ params, context, request }: Route.ActionArgs) {
  return offerPageAction(context.get(runtimeContext), params.token, request);
}

export default function WaitlistOffer({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData && !actionData.ok ? actionData : undefined;
  return <OfferCard offer={loaderData.offer} failure={failure} left={Boolean(actionData?.ok && actionData.intent === "leave")} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorPage status={404} title="Offer not found" message="This waitlist link is not valid. Please use the link in your e-mail, or contact us." />;
  }
  console.error(error);
  return <ErrorPage status={500} />;
}
