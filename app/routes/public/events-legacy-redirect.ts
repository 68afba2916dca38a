import { redirect } from "react-router";
import type { Route } from "./+types/events-legacy-redirect";

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/events/book/${encodeURIComponent(params.seminarId)}`, 301);
}
