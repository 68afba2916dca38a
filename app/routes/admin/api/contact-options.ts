import { requireAdmin } from "~/features/admin-auth/guard.server.ts";
import { contactChoices } from "~/features/contacts/service.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import type { Route } from "./+types/contact-options";

/**
 * GET /admin/api/contact-options?q=: the contact picker's choices as JSON, at most 20 contacts
 * whose name, e-mail or phone contains q, newest first (docs/decisions/032). Admins only; never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const { q, choices } = await contactChoices(context.get(runtimeContext).db, new URL(request.url).searchParams.get("q"));
  return Response.json({ q, contacts: choices }, { headers: { "Cache-Control": "no-store" } });
}
