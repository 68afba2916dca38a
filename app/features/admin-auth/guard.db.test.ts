import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { authSessions, authUsers, profiles, users } from "#db/schema/index.ts";
import { testEngine } from "../../../tests/support/test-database.ts";
import { action as authRouteAction } from "../../routes/api/auth.ts";
import { ensureAdmin } from "./admins.server.ts";
import { AUTH_RATE_LIMIT_WINDOW_SECONDS, getAuth, type Auth } from "./auth.server.ts";
import { adminContext, adminMiddleware, requireAdmin, requireAdminForAction } from "./guard.server.ts";
import { findAccountAccess, isAdmin } from "./queries.server.ts";
import { forwardToAuth, signInWithPassword, signUpAccount } from "./service.server.ts";
import { cookieHeader, linkIn, nextClient, outboxTo, routerContext, testSiteUrl, useTestRuntime } from "./testing.server.ts";

const { database, runtime } = useTestRuntime();
let auth: Auth;

beforeAll(() => {
  auth = getAuth(runtime);
});

const password = "correct horse battery";
const call = () => ({ siteUrl: testSiteUrl, client: nextClient() });

async function signUp(email: string) {
  const answer = await signUpAccount(auth, call(), { email, password });
  if (!answer.ok) throw new Error(answer.message);
  const [row] = await database.db.select().from(authUsers).where(eq(authUsers.email, email));
  return row!;
}

async function verify(email: string) {
  const mail = (await outboxTo(database.db, email)).find((entry) => entry.kind === "auth-verify-email");
  const response = await forwardToAuth(auth, new Request(linkIn(mail!.textBody, `${testSiteUrl}/api/auth/verify-email?`)), nextClient());
  expect(response.status).toBe(302);
}

async function signIn(email: string, secret = password): Promise<string> {
  const answer = await signInWithPassword(auth, call(), { email, password: secret });
  if (!answer.ok) throw new Error(`${answer.status}: ${answer.message}`);
  return cookieHeader(answer.setCookies);
}

function adminRequest(cookie?: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (cookie) headers.set("cookie", cookie);
  return new Request(`${testSiteUrl}/admin/dashboard`, { ...init, headers });
}

/** Runs the guard and returns the redirect it throws (or fails). */
async function guardRedirect(request: Request): Promise<Response> {
  try {
    await requireAdmin({ request, context: routerContext(runtime) });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("The guard let the request through");
}

async function addContact(email: string, isAdminFlag: boolean) {
  await database.db.insert(users).values({ firstName: "Lindiwe", lastName: "Dube", email, isAdmin: isAdminFlag });
}

describe(`admin grants apply only to verified e-mails (${testEngine})`, () => {
  it("ignores a contact's admin flag for an unverified account with that e-mail, and honours it once verified", async () => {
    await addContact("Lindiwe.Dube@thula.example", true);
    const account = await signUp("lindiwe.dube@thula.example");
    expect(await findAccountAccess(database.db, account.id)).toMatchObject({ emailVerified: false, adminGranted: true });
    expect(isAdmin(await findAccountAccess(database.db, account.id))).toBe(false);

    await verify("lindiwe.dube@thula.example");
    expect(isAdmin(await findAccountAccess(database.db, account.id))).toBe(true);
  });

  it("ignores a profile flag on an unverified account too", async () => {
    const account = await signUp("profile.only@thula.example");
    await database.db.insert(profiles).values({ id: account.id, isAdmin: true });
    expect(isAdmin(await findAccountAccess(database.db, account.id))).toBe(false);
    await verify("profile.only@thula.example");
    expect(isAdmin(await findAccountAccess(database.db, account.id))).toBe(true);
  });

  it("gives nothing to a verified account without a grant, or whose contact is not an admin", async () => {
    await addContact("plain.contact@thula.example", false);
    const account = await signUp("plain.contact@thula.example");
    await verify("plain.contact@thula.example");
    expect(await findAccountAccess(database.db, account.id)).toMatchObject({ emailVerified: true, adminGranted: false });
    expect(isAdmin(await findAccountAccess(database.db, account.id))).toBe(false);
  });
});

describe(`the admin guard (${testEngine})`, () => {
  it("sends an anonymous request to /admin/login", async () => {
    const redirect = await guardRedirect(adminRequest());
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe("/admin/login");
  });

  it("sends a forged session cookie to /admin/login", async () => {
    const redirect = await guardRedirect(adminRequest("__Secure-thula.session_token=forged.value"));
    expect(redirect.headers.get("location")).toBe("/admin/login");
  });

  it("signs a signed-in non-admin out (session row revoked, cookie cleared) and redirects to /admin/login", async () => {
    const account = await signUp("not.admin@thula.example");
    await verify("not.admin@thula.example");
    const cookie = await signIn("not.admin@thula.example");
    expect(await database.db.select().from(authSessions).where(eq(authSessions.userId, account.id))).toHaveLength(1);

    const redirect = await guardRedirect(adminRequest(cookie));
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe("/admin/login?reason=no-access");
    expect(redirect.headers.getSetCookie().some((value) => value.startsWith("__Secure-thula.session_token=;") && /Max-Age=0/i.test(value))).toBe(true);
    expect(await database.db.select().from(authSessions).where(eq(authSessions.userId, account.id))).toEqual([]);
    expect(await auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
  });

  it("signs out an unverified account even when a contact with its e-mail is an admin", async () => {
    await addContact("pretender@thula.example", true);
    const account = await signUp("pretender@thula.example");
    const cookie = await signIn("pretender@thula.example");
    const redirect = await guardRedirect(adminRequest(cookie));
    expect(redirect.headers.get("location")).toBe("/admin/login?reason=no-access");
    expect(await database.db.select().from(authSessions).where(eq(authSessions.userId, account.id))).toEqual([]);
  });

  it("lets an admin through, and the middleware hands the admin to loaders", async () => {
    const { userId } = await ensureAdmin(database.db, auth, { email: "boss@thula.example", password });
    const cookie = await signIn("boss@thula.example");
    const identity = await requireAdmin({ request: adminRequest(cookie), context: routerContext(runtime) });
    expect(identity.user).toMatchObject({ id: userId, email: "boss@thula.example" });

    const context = routerContext(runtime);
    let seen: unknown;
    const response = await adminMiddleware({ request: adminRequest(cookie), context, params: {}, url: new URL(`${testSiteUrl}/admin/dashboard`), pattern: "/admin/dashboard" } as never, async () => {
      seen = context.get(adminContext).user.email;
      return new Response("dashboard");
    });
    expect(seen).toBe("boss@thula.example");
    expect(await (response as Response).text()).toBe("dashboard");
  });

  it("extends a session used after an hour, but never over a session cookie the answer sets itself", async () => {
    const { userId } = await ensureAdmin(database.db, auth, { email: "renewed@thula.example", password });
    const cookie = await signIn("renewed@thula.example");
    // Two hours into its day: the guard's read extends it and sends its cookie again.
    await database.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() + 22 * 60 * 60 * 1000) })
      .where(eq(authSessions.userId, userId));
    const run = (answer: () => Response) =>
      adminMiddleware({ request: adminRequest(cookie), context: routerContext(runtime), params: {} } as never, async () => answer()) as Promise<Response>;
    const sessionCookies = (response: Response) => response.headers.getSetCookie().filter((value) => value.includes("session_token="));

    const extended = await run(() => new Response("dashboard"));
    expect(sessionCookies(extended)).toHaveLength(1);
    expect(sessionCookies(extended)[0]).toContain(cookie.split("; ").find((pair) => pair.includes("session_token="))!);

    await database.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() + 22 * 60 * 60 * 1000) })
      .where(eq(authSessions.userId, userId));
    const name = cookie.split("=")[0]!;
    // As after a password change: the answer carries the new session's cookie, which must stay the only one.
    const renewed = await run(() => new Response("profile", { headers: { "set-cookie": `${name}=the-new-session; Path=/; HttpOnly` } }));
    expect(sessionCookies(renewed)).toEqual([`${name}=the-new-session; Path=/; HttpOnly`]);
  });

  it("runs no loader for a non-admin: the middleware throws before next()", async () => {
    await signUp("sneaky@thula.example");
    await verify("sneaky@thula.example");
    const cookie = await signIn("sneaky@thula.example");
    let ran = false;
    await expect(
      adminMiddleware({ request: adminRequest(cookie), context: routerContext(runtime), params: {} } as never, async () => {
        ran = true;
        return new Response("secret");
      }),
    ).rejects.toBeInstanceOf(Response);
    expect(ran).toBe(false);
  });

  it("signs out and redirects when the admin lookup fails", async () => {
    const { userId } = await ensureAdmin(database.db, auth, { email: "unlucky@thula.example", password });
    const cookie = await signIn("unlucky@thula.example");
    await database.db.execute(sql`alter table profiles rename to profiles_unavailable`);
    let redirect: Response;
    try {
      redirect = await guardRedirect(adminRequest(cookie));
    } finally {
      await database.db.execute(sql`alter table profiles_unavailable rename to profiles`);
    }
    expect(redirect.headers.get("location")).toBe("/admin/login?reason=error");
    expect(await database.db.select().from(authSessions).where(eq(authSessions.userId, userId))).toEqual([]);
  });

  it("checks again in every admin action, and refuses a cross-origin write even from an admin", async () => {
    await ensureAdmin(database.db, auth, { email: "actions@thula.example", password });
    const cookie = await signIn("actions@thula.example");
    const post = (origin?: string) =>
      adminRequest(cookie, { method: "POST", headers: origin ? { origin } : {}, body: new URLSearchParams({ intent: "sign-out" }) });

    const identity = await requireAdminForAction({ request: post(testSiteUrl), context: routerContext(runtime) });
    expect(identity.user.email).toBe("actions@thula.example");

    const refused = await requireAdminForAction({ request: post("https://evil.example"), context: routerContext(runtime) }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);

    const anonymous = await requireAdminForAction({ request: adminRequest(undefined, { method: "POST" }), context: routerContext(runtime) }).catch((error: unknown) => error);
    expect((anonymous as Response).headers.get("location")).toBe("/admin/login");
  });
});

describe(`rate limits (${testEngine})`, () => {
  it(`answer 429 after ${5} sign-in attempts a minute from one address, whatever client-ip header it sends`, async () => {
    await signUp("target@thula.example");
    const attacker = nextClient();
    const attempt = (spoofed: string) =>
      forwardToAuth(
        auth,
        new Request(`${testSiteUrl}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-client-ip": spoofed, "x-forwarded-for": spoofed },
          body: JSON.stringify({ email: "target@thula.example", password: "guess number one" }),
        }),
        attacker,
      );
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) statuses.push((await attempt(`192.0.2.${index + 1}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);

    const limited = await attempt("192.0.2.99");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("x-retry-after"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("x-retry-after"))).toBeLessThanOrEqual(AUTH_RATE_LIMIT_WINDOW_SECONDS);

    // Another address is not held by this address's limit; the right password is refused from this one.
    await signUp("bystander@thula.example");
    expect((await signInWithPassword(auth, { siteUrl: testSiteUrl, client: nextClient() }, { email: "bystander@thula.example", password })).status).toBe(200);
    expect(await signInWithPassword(auth, { siteUrl: testSiteUrl, client: attacker }, { email: "bystander@thula.example", password })).toMatchObject({
      ok: false,
      status: 429,
      message: "Too many attempts. Please wait a minute and try again.",
    });
    // The five wrong passwords also paused the target's password sign-in for every address (sign-in-pause.db.test.ts).
    expect((await signInWithPassword(auth, { siteUrl: testSiteUrl, client: nextClient() }, { email: "target@thula.example", password })).status).toBe(429);
  });

  it("keeps the counters in the database, where every server instance sees them", async () => {
    const rows = await database.db.execute(sql`select key, count from auth_rate_limits where key like '%|/sign-in/email'`);
    expect((rows as unknown as { rows: Array<{ count: number }> }).rows.some((row) => Number(row.count) >= 5)).toBe(true);
  });

  it("limits sign-up, reset, magic-link and code requests too", async () => {
    const client = nextClient();
    const post = (path: string, body: Record<string, unknown>) =>
      forwardToAuth(
        auth,
        new Request(`${testSiteUrl}/api/auth${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
        client,
      );
    for (const [path, body] of [
      ["/sign-up/email", { name: "", email: "flood@thula.example", password }],
      ["/request-password-reset", { email: "flood@thula.example" }],
      ["/sign-in/magic-link", { email: "flood@thula.example" }],
      ["/email-otp/send-verification-otp", { email: "flood@thula.example", type: "sign-in" }],
      ["/sign-in/email-otp", { email: "flood@thula.example", otp: "123456" }],
    ] as const) {
      const statuses: number[] = [];
      for (let index = 0; index < 6; index++) statuses.push((await post(path, body)).status);
      expect(statuses.slice(0, 5), path).not.toContain(429);
      expect(statuses[5], path).toBe(429);
    }
  });
});

describe(`cross-site request forgery (${testEngine})`, () => {
  it("refuses a cross-origin POST to the auth endpoints before anything runs", async () => {
    const request = new Request(`${testSiteUrl}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ name: "", email: "csrf@thula.example", password }),
    });
    const refused = await Promise.resolve(authRouteAction({ request, context: routerContext(runtime), params: { "*": "sign-up/email" } } as never)).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);
    expect(await database.db.select().from(authUsers).where(eq(authUsers.email, "csrf@thula.example"))).toEqual([]);
  });

  it("lets the same POST through from the site itself", async () => {
    const request = new Request(`${testSiteUrl}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { origin: testSiteUrl, "content-type": "application/json" },
      body: JSON.stringify({ name: "", email: "same.origin@thula.example", password }),
    });
    const response = (await authRouteAction({ request, context: routerContext(runtime), params: { "*": "sign-up/email" } } as never)) as Response;
    expect(response.status).toBe(200);
    expect(await database.db.select().from(authUsers).where(eq(authUsers.email, "same.origin@thula.example"))).toHaveLength(1);
  });

  it("also has better-auth refuse a cross-origin request that carries a session cookie", async () => {
    await ensureAdmin(database.db, auth, { email: "cookie.csrf@thula.example", password });
    const cookie = await signIn("cookie.csrf@thula.example");
    const response = await forwardToAuth(
      auth,
      new Request(`${testSiteUrl}/api/auth/sign-out`, { method: "POST", headers: { origin: "https://evil.example", cookie, "content-type": "application/json" }, body: "{}" }),
      nextClient(),
    );
    expect(response.status).toBe(403);
    expect(await auth.api.getSession({ headers: new Headers({ cookie }) })).not.toBeNull();
  });
});
