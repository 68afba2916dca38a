import { Outlet } from "react-router";
import { handleAdminLayoutAction, loadAdminShell } from "~/features/admin-auth/admin-shell.server.ts";
import { AdminShell } from "~/features/admin-auth/components/admin-shell.tsx";
import { adminMiddleware } from "~/features/admin-auth/guard.server.ts";
import type { Route } from "./+types/layout";

// Everything under /admin: the guard runs before any loader or action of this route and its
// children (a non-admin gets a redirect to /admin/login and no data).
export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

/** Form intents of this route's action (the authorisation matrix posts each one). */
export const intents = ["sign-out"] as const;

export const meta: Route.MetaFunction = () => [{ title: "Admin | Thula Relocations" }, { name: "robots", content: "noindex, nofollow" }];

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "no-store",
});

export const loader = (args: Route.LoaderArgs) => loadAdminShell(args);
export const action = (args: Route.ActionArgs) => handleAdminLayoutAction(args);

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell name={loaderData.admin.name} email={loaderData.admin.email}>
      <Outlet />
    </AdminShell>
  );
}
