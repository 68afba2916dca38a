import { requireAdmin } from "~/features/admin-auth/guard.server.ts";
import { CONTACT_CHOICE_SEARCH_MAX } from "~/features/contacts/choices.ts";
import { contactChoices } from "~/features/contacts/service.server.ts";
import { searchText } from "~/lib/search-text.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import type { Route } from "./+types/contact-options";

/**
 * GET /admin/api/contact-options?q=: the contact picker's choices as JSON, at most 20 contacts
 * whose name, e-mail or phone contains q, newest first (docs/decisions/032). Admins only; never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const q = searchText(new URL(request.url).searchParams.get("q"), CONTACT_CHOICE_SEARCH_MAX);
  const contacts = await contactChoices(context.get(runtimeContext).db, q);
  return Response.json({ q, contacts }, { headers: { "Cache-Control": "no-store" } });
}
