import { consultantCalendarFeed } from "~/features/consultations/consultants/calendar-feed.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import type { Route } from "./+types/consultant-calendar";

/** GET /calendars/:token/consultations.ics: a consultant's private calendar feed (docs/decisions/035). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, settings } = context.get(runtimeContext);
  const feed = await consultantCalendarFeed(db, params.token, { siteUrl: settings.siteUrl });
  if (!feed) {
    return new Response("This calendar address is not in use: it may have been replaced. Ask for the new one in the portal.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
    });
  }
  return new Response(feed, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="thula-consultations.ics"',
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
