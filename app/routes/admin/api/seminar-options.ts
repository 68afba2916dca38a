import { requireAdmin } from "~/features/admin-auth/guard.server.ts";
import { SEMINAR_CHOICE_SEARCH_MAX } from "~/features/seminars/admin/seminar-choices.ts";
import { findSeminarChoices } from "~/features/seminars/admin/seminar-picker.server.ts";
import { searchText } from "~/lib/search-text.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import type { Route } from "./+types/seminar-options";

/**
 * GET /admin/api/seminar-options?q=: the seminar picker's choices as JSON, at most 20 seminars
 * whose title, city or date contains q (docs/decisions/032). Admins only; never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const q = searchText(new URL(request.url).searchParams.get("q"), SEMINAR_CHOICE_SEARCH_MAX);
  const seminars = await findSeminarChoices(context.get(runtimeContext).db, q);
  return Response.json({ q, seminars }, { headers: { "Cache-Control": "no-store" } });
}
