import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { adminActor, type Actor } from "~/features/activity/rules.ts";
import { assertSameOriginWrite } from "~/lib/csrf.server.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import { getAuth, type Auth } from "./auth.server.ts";
import { findAccountAccess, isAdmin } from "./queries.server.ts";
import { LOGIN_PATH, NO_ACCESS_REASON } from "./rules.ts";

// The one server-side admin check (docs/product.md §5.7, §1.5): middleware on the admin
// layout, and the same check at the top of every admin action and admin resource route.

export type AdminIdentity = {
  user: { id: string; email: string; name: string };
  session: { id: string; expiresAt: Date };
  /** Who the activity log says did what this admin does. */
  actor: Actor;
};

/** Set by adminMiddleware for everything under /admin; loaders read who the admin is from it. */
export const adminContext = createContext<AdminIdentity>();

type GuardArgs = { request: Request; context: Readonly<RouterContextProvider> };

export type AdminCheck =
  | { status: "anonymous"; setCookies: string[] }
  | { status: "denied"; reason: "no-access" | "error"; setCookies: string[] }
  | { status: "admin"; identity: AdminIdentity; setCookies: string[] };

/**
 * Who is asking, without side effects: nobody, an account that is not an admin (or whose
 * check failed), or an admin. setCookies carries a refreshed session cookie when the
 * library extended the session.
 */
export async function checkAdmin(auth: Auth, db: Parameters<typeof findAccountAccess>[0], request: Request): Promise<AdminCheck> {
  let found: Awaited<ReturnType<typeof readSession>>;
  try {
    found = await readSession(auth, request);
  } catch (error) {
    log.error("Reading the session failed", errorFields(error));
    return { status: "denied", reason: "error", setCookies: [] };
  }
  if (!found.session) return { status: "anonymous", setCookies: found.setCookies };
  const { user, session } = found.session;
  try {
    if (!isAdmin(await findAccountAccess(db, user.id))) return { status: "denied", reason: "no-access", setCookies: [] };
  } catch (error) {
    log.error("The admin check failed", errorFields(error));
    return { status: "denied", reason: "error", setCookies: [] };
  }
  const account = { id: user.id, email: user.email, name: user.name };
  return {
    status: "admin",
    identity: { user: account, session: { id: session.id, expiresAt: new Date(session.expiresAt) }, actor: adminActor(account) },
    setCookies: found.setCookies,
  };
}

async function readSession(auth: Auth, request: Request) {
  const { headers, response } = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
  return { session: response, setCookies: headers?.getSetCookie() ?? [] };
}

/** Ends the session of this request (the row and the cookie). Never throws: the cookie is cleared even when the database is not answering. */
export async function signOutRequest(auth: Auth, request: Request): Promise<string[]> {
  try {
    const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
    const cookies = headers.getSetCookie();
    if (cookies.length > 0) return cookies;
  } catch (error) {
    log.error("Signing out failed; clearing the cookie anyway", errorFields(error));
  }
  return expiredSessionCookies(auth);
}

async function expiredSessionCookies(auth: Auth): Promise<string[]> {
  const { authCookies } = await auth.$context;
  return [authCookies.sessionToken, authCookies.sessionData, authCookies.dontRememberToken].map(({ name, attributes }) =>
    [`${name}=`, "Max-Age=0", `Path=${attributes.path ?? "/"}`, "HttpOnly", "SameSite=Lax", ...(attributes.secure ? ["Secure"] : [])].join("; "),
  );
}

const cookieName = (setCookie: string) => setCookie.slice(0, setCookie.indexOf("=")).trim();

function withCookies(headers: Headers, cookies: string[]): Headers {
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  return headers;
}

/**
 * The admin guard. Returns the admin, or throws a redirect to /admin/login: straight away for
 * nobody; after signing the session out for an account that is not an admin, or whose check
 * failed (docs/product.md §5.7).
 */
export async function requireAdmin({ request, context }: GuardArgs): Promise<AdminIdentity & { setCookies: string[] }> {
  const runtime = context.get(runtimeContext);
  const auth = getAuth(runtime);
  const check = await checkAdmin(auth, runtime.db, request);
  if (check.status === "admin") return { ...check.identity, setCookies: check.setCookies };
  if (check.status === "anonymous") throw redirect(LOGIN_PATH, { headers: withCookies(new Headers(), check.setCookies) });
  const cookies = await signOutRequest(auth, request);
  throw redirect(`${LOGIN_PATH}?reason=${check.reason === "no-access" ? NO_ACCESS_REASON : "error"}`, { headers: withCookies(new Headers(), cookies) });
}

/**
 * The first line of every admin action and admin resource route: refuses a cross-origin
 * write (403), then runs the full guard again. The layout middleware already ran it; this
 * keeps an action safe even if it is ever moved out from under the layout.
 */
export async function requireAdminForAction(args: GuardArgs): Promise<AdminIdentity> {
  await assertSameOriginWrite(args.request, args.context.get(runtimeContext).settings);
  const { setCookies: _refreshed, ...identity } = await requireAdmin(args);
  return identity;
}

/** Middleware for routes/admin/layout.tsx: nothing under /admin runs (no loader, no action) for a non-admin. */
export const adminMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { setCookies: refreshed, ...identity } = await requireAdmin({ request, context });
  context.set(adminContext, identity);
  const response = await next();
  // A cookie the answer sets itself wins: after a password change it is the new session's,
  // and the refreshed cookie of the old (ended) session must not overwrite it.
  const answered = new Set(response.headers.getSetCookie().map(cookieName));
  const setCookies = refreshed.filter((cookie) => !answered.has(cookieName(cookie)));
  if (setCookies.length === 0) return response;
  try {
    withCookies(response.headers, setCookies);
    return response;
  } catch {
    // Immutable headers (a fetched response): copy it.
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: withCookies(new Headers(response.headers), setCookies) });
  }
};
