import { getAuth } from "~/features/admin-auth/auth.server.ts";
import { authClientFrom, forwardToAuth } from "~/features/admin-auth/service.server.ts";
import { clientContext } from "~/lib/client.server.ts";
import { assertSameOriginWrite } from "~/lib/csrf.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import type { Route } from "./+types/auth";

// better-auth's endpoints (/api/auth/*): e-mailed links (verify, reset, magic link) arrive
// here; its rate limits see the address Express resolved, never a header the client chose.

async function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  await assertSameOriginWrite(request, runtime.settings);
  return forwardToAuth(getAuth(runtime), request, authClientFrom(request, context.get(clientContext).ip));
}

export const loader = (args: Route.LoaderArgs) => handle(args);
export const action = (args: Route.ActionArgs) => handle(args);
