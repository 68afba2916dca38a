import { checkReadiness } from "~/features/health/readiness.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import type { Route } from "./+types/readyz";

// Readiness for a load balancer: 200 only when the database answers and every migration is
// applied. Liveness is /healthz.
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext);
  const readiness = await checkReadiness(db);
  return Response.json(readiness.ready ? { status: "ready" } : { status: "not-ready", reason: readiness.reason }, {
    status: readiness.ready ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
