import { asc, eq, gt, max } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { activityLog, authUsers } from "#db/schema/index.ts";
import type { AdminActionResult } from "~/lib/action-result.ts";
import { testEngine } from "../../../tests/support/test-database.ts";
import { ensureAdmin } from "./admins.server.ts";
import { getAuth, type Auth } from "./auth.server.ts";
import { adminContext, checkAdmin } from "./guard.server.ts";
import { profileMessages } from "./profile-form.ts";
import { handleProfileAction, loadProfilePage } from "./profile.server.ts";
import { signInWithPassword } from "./service.server.ts";
import { cookieHeader, nextClient, routerContext, testSiteUrl, useTestRuntime } from "./testing.server.ts";

// /admin/profile: the signed-in admin renames themself and changes their password. Each
// change comes with its activity entry; a refused one changes nothing and logs nothing.

const { database, runtime } = useTestRuntime();
let auth: Auth;

type Answer = { data: AdminActionResult; init: ResponseInit | null };

beforeAll(() => {
  auth = getAuth(runtime);
});

// The log is append-only: a test reads what was written after a mark it takes.
async function logMark(): Promise<number> {
  const [row] = await database.db.select({ last: max(activityLog.id) }).from(activityLog);
  return row?.last ?? 0;
}

async function entriesSince(mark: number) {
  return database.db.select().from(activityLog).where(gt(activityLog.id, mark)).orderBy(asc(activityLog.id));
}

/** An admin with a known password, signed in: returns its id and a session cookie. */
async function signedInAdmin(email: string, password: string, name = "Profile Admin") {
  const { userId } = await ensureAdmin(database.db, auth, { email, password, name });
  return { userId, cookie: await signIn(email, password) };
}

async function signIn(email: string, password: string): Promise<string> {
  const answer = await signInWithPassword(auth, { siteUrl: testSiteUrl, client: nextClient() }, { email, password });
  if (!answer.ok) throw new Error(`sign-in as ${email} failed: ${answer.status}`);
  return cookieHeader(answer.setCookies);
}

async function canSignIn(email: string, password: string) {
  return (await signInWithPassword(auth, { siteUrl: testSiteUrl, client: nextClient() }, { email, password })).ok;
}

async function isSignedIn(cookie: string) {
  return (await auth.api.getSession({ headers: new Headers({ cookie }) })) !== null;
}

/** Posts a profile form as the admin of `cookie`; returns the answer and the request's context. */
async function post(cookie: string, fields: Record<string, string>, ip = nextClient().ip) {
  const request = new Request(`${testSiteUrl}/admin/profile`, {
    method: "POST",
    headers: { origin: testSiteUrl, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  const context = routerContext(runtime, ip);
  const answer = (await handleProfileAction({ request, context })) as Answer;
  return { ...answer, context, headers: new Headers(answer.init?.headers) };
}

async function nameOf(userId: string) {
  const [row] = await database.db.select({ name: authUsers.name }).from(authUsers).where(eq(authUsers.id, userId));
  return row?.name;
}

describe(`/admin/profile: the name (${testEngine})`, () => {
  it("changes the signed-in admin's name, logs before → after, and this answer's page already shows it", async () => {
    const { userId, cookie } = await signedInAdmin("rename@thula.example", "the rename passphrase");
    const mark = await logMark();
    const answer = await post(cookie, { intent: "update-name", name: "  Thandi Mokoena\u200b " }, "203.0.113.81");
    expect(answer.data).toEqual({ ok: true, intent: "update-name", message: profileMessages.nameSaved("Thandi Mokoena") });
    expect(await nameOf(userId)).toBe("Thandi Mokoena");
    expect(answer.context.get(adminContext)).toMatchObject({ user: { name: "Thandi Mokoena" }, actor: { id: userId, name: "Thandi Mokoena" } });

    expect(await entriesSince(mark)).toEqual([
      expect.objectContaining({
        actorId: userId,
        actorName: "Profile Admin",
        actorEmail: "rename@thula.example",
        action: "account.update",
        entityType: "account",
        entityId: userId,
        summary: "Changed the account's name",
        changes: { name: { before: "Profile Admin", after: "Thandi Mokoena" } },
        ip: "203.0.113.81",
      }),
    ]);

    // From now on the admin acts, and shows, under the new name.
    const check = await checkAdmin(auth, database.db, new Request(`${testSiteUrl}/admin`, { headers: { cookie } }));
    if (check.status !== "admin") throw new Error(`expected an admin, got ${check.status}`);
    expect(check.identity.actor.name).toBe("Thandi Mokoena");
    const pageContext = routerContext(runtime);
    pageContext.set(adminContext, check.identity);
    const page = await loadProfilePage({ context: pageContext });
    expect(page.account).toEqual({ name: "Thandi Mokoena", email: "rename@thula.example" });
    expect(page.history.map((entry) => entry.summary)).toEqual(["Changed the account's name", "Signed in with a password"]);

    // The same name again is no change: nothing is written.
    const same = await post(cookie, { intent: "update-name", name: "Thandi Mokoena" });
    expect(same.data).toMatchObject({ ok: true, message: profileMessages.nameUnchanged });
    expect(await entriesSince(mark)).toHaveLength(1);
  });

  it("refuses an empty, invisible, too long or the log's own name: nothing changes and nothing is logged", async () => {
    const { userId, cookie } = await signedInAdmin("refused.name@thula.example", "the refused passphrase", "Kept Name");
    const mark = await logMark();
    for (const [name, message] of [
      ["", "Please enter your name."],
      ["\u200b\u200d  ", "Please enter your name."],
      ["x".repeat(101), "Your name must be at most 100 characters."],
      [" system ", "That name is kept for the site's own entries in the activity log: please use yours."],
    ] as const) {
      const answer = await post(cookie, { intent: "update-name", name });
      expect(answer.init?.status).toBe(422);
      expect(answer.data).toMatchObject({ ok: false, intent: "update-name", fieldErrors: { name: [message] }, values: { name } });
    }
    expect(await nameOf(userId)).toBe("Kept Name");
    expect(await entriesSince(mark)).toEqual([]);
  });
});

describe(`/admin/profile: the password (${testEngine})`, () => {
  it("changes the password: the old one stops working, the new one works, every other session ends, and this browser stays signed in", async () => {
    const email = "new.password@thula.example";
    const { userId, cookie } = await signedInAdmin(email, "the first passphrase");
    const otherSession = await signIn(email, "the first passphrase");
    const mark = await logMark();

    const answer = await post(cookie, { intent: "change-password", currentPassword: "the first passphrase", newPassword: "the second passphrase", confirmPassword: "the second passphrase" }, "203.0.113.82");
    expect(answer.data).toEqual({ ok: true, intent: "change-password", message: profileMessages.passwordChanged });
    const renewed = cookieHeader(answer.headers.getSetCookie());
    expect(renewed).toContain("session_token=");

    expect(await isSignedIn(otherSession)).toBe(false);
    expect(await isSignedIn(cookie)).toBe(false);
    expect(await isSignedIn(renewed)).toBe(true);
    expect(await canSignIn(email, "the first passphrase")).toBe(false);
    expect(await canSignIn(email, "the second passphrase")).toBe(true);

    const entries = await entriesSince(mark);
    expect(entries.map(({ actorId, action, summary, entityId, changes, ip }) => ({ actorId, action, summary, entityId, changes, ip }))).toEqual([
      { actorId: userId, action: "account.password-change", summary: "Changed the password; every other session was signed out", entityId: userId, changes: null, ip: "203.0.113.82" },
      { actorId: null, action: "account.sign-in-failed", summary: "Sign-in with a password failed: wrong e-mail or password", entityId: userId, changes: null, ip: expect.any(String) },
      { actorId: userId, action: "account.sign-in", summary: "Signed in with a password", entityId: userId, changes: null, ip: expect.any(String) },
    ]);
    expect(JSON.stringify(await entriesSince(0))).not.toMatch(/first passphrase|second passphrase/);
  });

  it("refuses a wrong current password, a short or mismatched new one: nothing changes, nothing is logged, no password is sent back", async () => {
    const email = "refused.password@thula.example";
    const current = "the kept passphrase";
    const { cookie } = await signedInAdmin(email, current);
    const otherSession = await signIn(email, current);
    const mark = await logMark();

    const attempts: Array<[fields: Record<string, string>, status: number, field: string, message: string]> = [
      [{ currentPassword: "not my passphrase", newPassword: "a brand new passphrase", confirmPassword: "a brand new passphrase" }, 422, "currentPassword", profileMessages.wrongCurrentPassword],
      [{ currentPassword: current, newPassword: "tiny pass", confirmPassword: "tiny pass" }, 422, "newPassword", "The new password is too short: use at least 12 characters."],
      [{ currentPassword: current, newPassword: "a brand new passphrase", confirmPassword: "a brand new passphrose" }, 422, "confirmPassword", "The two new passwords differ: type the same one twice."],
      [{ currentPassword: current, newPassword: current, confirmPassword: current }, 422, "newPassword", "The new password must differ from your current one."],
      [{ currentPassword: "", newPassword: "", confirmPassword: "" }, 422, "currentPassword", "Please enter your current password."],
    ];
    for (const [fields, status, field, message] of attempts) {
      const answer = await post(cookie, { intent: "change-password", ...fields });
      expect(answer.init?.status, message).toBe(status);
      expect(answer.data).toMatchObject({ ok: false, intent: "change-password", fieldErrors: { [field]: [message] }, values: {} });
      expect(answer.headers.getSetCookie()).toEqual([]);
      for (const typed of Object.values(fields).filter(Boolean)) expect(JSON.stringify(answer.data)).not.toContain(typed);
    }

    expect(await isSignedIn(cookie)).toBe(true);
    expect(await isSignedIn(otherSession)).toBe(true);
    expect((await entriesSince(mark)).map((entry) => entry.action)).toEqual([]);
    expect(await canSignIn(email, current)).toBe(true);
    expect(await canSignIn(email, "a brand new passphrase")).toBe(false);
  });

  it("answers an unknown intent with 400 and a stranger with the sign-in page", async () => {
    const { cookie } = await signedInAdmin("intents@thula.example", "the intents passphrase");
    expect((await post(cookie, { intent: "make-me-owner" })).init?.status).toBe(400);
    const stranger = await handleProfileAction({
      request: new Request(`${testSiteUrl}/admin/profile`, { method: "POST", headers: { origin: testSiteUrl }, body: new URLSearchParams({ intent: "update-name", name: "Mallory" }) }),
      context: routerContext(runtime),
    }).catch((thrown: unknown) => thrown);
    expect((stranger as Response).headers.get("location")).toBe("/admin/login");
  });
});
