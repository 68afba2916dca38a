import { and, asc, eq, gt, max } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { activityLog } from "#db/schema/index.ts";
import { testEngine } from "../../../tests/support/test-database.ts";
import { handleAdminLayoutAction } from "./admin-shell.server.ts";
import { ensureAdmin } from "./admins.server.ts";
import { getAuth, type Auth } from "./auth.server.ts";
import { handleLoginAction } from "./login.server.ts";
import { forwardToAuth, requestMagicLink, requestPasswordReset, sendSignInCode, signInWithCode, signInWithPassword, updatePassword } from "./service.server.ts";
import { cookieHeader, linkIn, nextClient, outboxTo, routerContext, testSiteUrl, useTestRuntime } from "./testing.server.ts";

// The activity log's account entries (docs/decisions/013, 004): every sign-in of each method,
// every failed one, sign-out and a password reset, with the client address, and never a
// password, a code or an address that belongs to no account.

const { database, runtime } = useTestRuntime();
let auth: Auth;
let adminId: string;
const email = "signing.in@thula.example";
const password = "the signing-in passphrase";

beforeAll(async () => {
  auth = getAuth(runtime);
  adminId = (await ensureAdmin(database.db, auth, { email, password, name: "Signing Admin" })).userId;
});

// The log cannot be emptied (it is append-only): each test reads what was written since it began.
let before = 0;
beforeEach(async () => {
  const [row] = await database.db.select({ last: max(activityLog.id) }).from(activityLog);
  before = row?.last ?? 0;
});

async function entries() {
  return database.db.select().from(activityLog).where(gt(activityLog.id, before)).orderBy(asc(activityLog.id));
}

/** No secret typed at a sign-in may be anywhere in the log. */
async function expectNothingSecretIn(...secrets: string[]) {
  const written = JSON.stringify(await entries());
  for (const secret of secrets) expect(written).not.toContain(secret);
}

const call = (client = nextClient()) => ({ siteUrl: testSiteUrl, client });

describe(`sign-ins in the activity log (${testEngine})`, () => {
  it("logs a password sign-in from the login page, with the account as actor and the client address", async () => {
    const request = new Request(`${testSiteUrl}/admin/login`, {
      method: "POST",
      headers: { origin: testSiteUrl, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "sign-in", email: "Signing.In@thula.example", password }),
    });
    const answer = await handleLoginAction({ request, context: routerContext(runtime, "203.0.113.71") });
    expect((answer as Response).headers.get("location")).toBe("/admin/dashboard");

    expect(await entries()).toEqual([
      expect.objectContaining({
        actorId: adminId,
        actorName: "Signing Admin",
        actorEmail: email,
        action: "account.sign-in",
        entityType: "account",
        entityId: adminId,
        summary: "Signed in with a password",
        changes: null,
        ip: "203.0.113.71",
      }),
    ]);
    await expectNothingSecretIn(password);
  });

  it("logs a failed password sign-in by the account's address when it has one, by 'Unknown address' when not", async () => {
    const client = nextClient();
    expect((await signInWithPassword(auth, call(client), { email, password: "a wrong passphrase" })).status).toBe(401);
    expect((await signInWithPassword(auth, call(client), { email: "nobody.here@thula.example", password: "a guessed passphrase" })).status).toBe(401);

    expect(await entries()).toEqual([
      expect.objectContaining({
        actorId: null,
        actorName: email,
        actorEmail: email,
        action: "account.sign-in-failed",
        entityType: "account",
        entityId: adminId,
        summary: "Sign-in with a password failed: wrong e-mail or password",
        ip: client.ip,
      }),
      expect.objectContaining({
        actorId: null,
        actorName: "Unknown address",
        actorEmail: null,
        action: "account.sign-in-failed",
        entityType: "account",
        entityId: null,
        summary: "Sign-in with a password failed: wrong e-mail or password",
        ip: client.ip,
      }),
    ]);
    await expectNothingSecretIn("a wrong passphrase", "a guessed passphrase", "nobody.here");
  });

  it("logs sign-ins and failures with a one-time code, never the code", async () => {
    const client = nextClient();
    expect((await sendSignInCode(auth, call(client), { email })).ok).toBe(true);
    const mail = (await outboxTo(database.db, email)).filter((entry) => entry.kind === "auth-one-time-code").at(-1)!;
    const code = mail.textBody.match(/\b(\d{6})\b/)![1]!;
    const wrong = code === "000000" ? "111111" : "000000";

    expect((await signInWithCode(auth, call(client), { email, code: wrong })).ok).toBe(false);
    expect((await signInWithCode(auth, call(client), { email, code })).ok).toBe(true);

    expect((await entries()).map(({ actorName, action, summary, ip }) => ({ actorName, action, summary, ip }))).toEqual([
      { actorName: email, action: "account.sign-in-failed", summary: "Sign-in with a one-time code failed: wrong or unknown code", ip: client.ip },
      { actorName: "Signing Admin", action: "account.sign-in", summary: "Signed in with a one-time code", ip: client.ip },
    ]);
    await expectNothingSecretIn(code, wrong);
  });

  it("logs a magic link that signs in, and one that does not, never the link", async () => {
    const client = nextClient();
    expect((await requestMagicLink(auth, call(client), { email })).ok).toBe(true);
    const mail = (await outboxTo(database.db, email)).filter((entry) => entry.kind === "auth-magic-link").at(-1)!;
    const link = linkIn(mail.textBody, `${testSiteUrl}/api/auth/magic-link/verify?`);
    const token = new URL(link).searchParams.get("token")!;

    const used = await forwardToAuth(auth, new Request(link, { redirect: "manual" }), client);
    expect(new URL(used.headers.get("location")!, testSiteUrl).pathname).toBe("/admin/dashboard");
    const again = await forwardToAuth(auth, new Request(link, { redirect: "manual" }), client);
    expect(again.headers.get("location")).toContain("error=INVALID_TOKEN");

    expect((await entries()).map(({ actorName, action, summary, entityId, ip }) => ({ actorName, action, summary, entityId, ip }))).toEqual([
      { actorName: "Signing Admin", action: "account.sign-in", summary: "Signed in with a magic link", entityId: adminId, ip: client.ip },
      { actorName: "Unknown address", action: "account.sign-in-failed", summary: "Sign-in with a magic link failed: the link was invalid or had expired", entityId: null, ip: client.ip },
    ]);
    await expectNothingSecretIn(token);
  });

  it("logs a password reset by e-mailed link without the password, and a sign-out", async () => {
    const resetEmail = "resetting@thula.example";
    const resetId = (await ensureAdmin(database.db, auth, { email: resetEmail, password, name: "Resetting Admin" })).userId;
    const client = nextClient();
    expect((await requestPasswordReset(auth, call(client), { email: resetEmail })).ok).toBe(true);
    const mail = (await outboxTo(database.db, resetEmail)).find((entry) => entry.kind === "auth-reset-password")!;
    const token = new URL(linkIn(mail.textBody, `${testSiteUrl}/admin/login?`)).searchParams.get("token")!;
    expect((await updatePassword(auth, call(client), { token, newPassword: "a reset passphrase" })).ok).toBe(true);

    const signedIn = await signInWithPassword(auth, call(client), { email: resetEmail, password: "a reset passphrase" });
    const request = new Request(`${testSiteUrl}/admin`, {
      method: "POST",
      headers: { origin: testSiteUrl, cookie: cookieHeader(signedIn.setCookies), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "sign-out" }),
    });
    const signedOut = (await handleAdminLayoutAction({ request, context: routerContext(runtime, "203.0.113.72") })) as Response;
    expect(signedOut.headers.get("location")).toBe("/admin/login");

    const own = await database.db
      .select()
      .from(activityLog)
      .where(and(gt(activityLog.id, before), eq(activityLog.entityId, resetId)))
      .orderBy(asc(activityLog.id));
    expect(own.map(({ actorName, action, summary, ip }) => ({ actorName, action, summary, ip }))).toEqual([
      { actorName: "Resetting Admin", action: "account.password-reset", summary: "Reset the password with an e-mailed link", ip: client.ip },
      { actorName: "Resetting Admin", action: "account.sign-in", summary: "Signed in with a password", ip: client.ip },
      { actorName: "Resetting Admin", action: "account.sign-out", summary: "Signed out", ip: "203.0.113.72" },
    ]);
    await expectNothingSecretIn("a reset passphrase", token);
  });

  it("does not log attempts the rate limit refused before any password was checked", async () => {
    const client = nextClient();
    const answers = [];
    for (let attempt = 0; attempt < 7; attempt++) answers.push((await signInWithPassword(auth, call(client), { email, password: `wrong passphrase ${attempt}` })).status);
    expect(answers.filter((status) => status === 401)).toHaveLength(5);
    expect(answers.filter((status) => status === 429)).toHaveLength(2);
    expect(await entries()).toHaveLength(5);
  });
});
