import { isAlive } from "~/features/health/readiness.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import type { Route } from "./+types/healthz";

export async function loader({ context }: Route.LoaderArgs) {
  const { database } = context.get(runtimeContext);
  const ok = await isAlive(database);
  return Response.json(ok ? { status: "ok" } : { status: "unavailable", reason: "database did not answer" }, {
    status: ok ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
