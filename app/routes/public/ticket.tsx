import { data, isRouteErrorResponse } from "react-router";
import { ErrorPage } from "~/components/layout/error-page.tsx";
import { brand } from "~/content/site.ts";
import { TicketCard } from "~/features/seminars/tickets/components/ticket-card.tsx";
import { ticketView } from "~/features/seminars/tickets/ticket-page.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import type { Route } from "./+types/ticket";

// Per person: never in the shared page cache (no sharedRenderHandle), never stored, never indexed.

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `Ticket: ${loaderData.ticket.seminar.title}` : "Ticket not found"} | ${brand.name}` },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, settings } = context.get(runtimeContext);
  const ticket = await ticketView(db, params.code, settings.siteUrl);
  if (!ticket) throw data(null, { status: 404, headers: { "Cache-Control": "no-store" } });
  return { ticket };
}

export default function Ticket({ loaderData }: Route.ComponentProps) {
  return <TicketCard ticket={loaderData.ticket} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage status={404} title="Ticket not found" message="No ticket has this address. Please check the link in your confirmation e-mail." />;
  console.error(error);
  return <ErrorPage status={500} />;
}
