import { ticketCalendar } from "~/features/seminars/tickets/ticket-page.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import type { Route } from "./+types/ticket-calendar";

/** GET /tickets/:code/calendar.ics: the booking's calendar file, for a ticket that stands. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, settings } = context.get(runtimeContext);
  const calendar = await ticketCalendar(db, params.code, settings.siteUrl);
  if (!calendar) return new Response("Ticket not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  return new Response(calendar, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="thula-seminar.ics"',
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
