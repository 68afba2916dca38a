import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { authSessions, authUsers, authVerifications, profiles } from "#db/schema/index.ts";
import { testEngine } from "../../../tests/support/test-database.ts";
import { getAuth, type Auth } from "./auth.server.ts";
import { signOutRequest } from "./guard.server.ts";
import { findAccountAccess, isAdmin } from "./queries.server.ts";
import {
  forwardToAuth,
  requestMagicLink,
  requestPasswordReset,
  sendSignInCode,
  signInWithCode,
  signInWithPassword,
  signUpAccount,
  updatePassword,
  type AuthAnswer,
} from "./service.server.ts";
import { cookieHeader, linkIn, nextClient, outboxTo, testSiteUrl, useTestRuntime } from "./testing.server.ts";

const { database, runtime } = useTestRuntime();
let auth: Auth;

beforeAll(() => {
  auth = getAuth(runtime);
});

const call = () => ({ siteUrl: testSiteUrl, client: nextClient() });
const password = "correct horse battery";

function expectOk(answer: AuthAnswer): asserts answer is Extract<AuthAnswer, { ok: true }> {
  if (!answer.ok) throw new Error(`Expected success, got ${answer.status} ${answer.code}: ${answer.message}`);
}

/** GETs an e-mailed link through the same path a browser takes (/api/auth/* → auth.handler). */
function follow(url: string, cookie?: string) {
  const headers = new Headers();
  if (cookie) headers.set("cookie", cookie);
  return forwardToAuth(auth, new Request(url, { headers, redirect: "manual" }), nextClient());
}

async function sessionFor(cookie: string) {
  return auth.api.getSession({ headers: new Headers({ cookie }) });
}

async function accountByEmail(email: string) {
  const [row] = await database.db.select().from(authUsers).where(eq(authUsers.email, email));
  return row;
}

/** Signs up and follows the verification link: a verified account with no admin rights. */
async function verifiedAccount(email: string) {
  expectOk(await signUpAccount(auth, call(), { email, password }));
  const [mail] = await outboxTo(database.db, email);
  const response = await follow(linkIn(mail!.textBody, `${testSiteUrl}/api/auth/verify-email?`));
  expect(response.status).toBe(302);
  return (await accountByEmail(email))!;
}

describe(`sign-up and e-mail verification (${testEngine})`, () => {
  it("creates an unverified account without admin rights or a session, and queues the verification e-mail", async () => {
    const email = "new.staff@thula.example";
    const answer = await signUpAccount(auth, call(), { email, password });
    expectOk(answer);
    expect(answer.setCookies.filter((cookie) => cookie.includes("session_token="))).toEqual([]);

    const account = await accountByEmail(email);
    expect(account).toMatchObject({ email, emailVerified: false });
    expect(await database.db.select().from(profiles).where(eq(profiles.id, account!.id))).toEqual([]);
    expect(isAdmin(await findAccountAccess(database.db, account!.id))).toBe(false);

    const [mail, ...others] = await outboxTo(database.db, email);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ kind: "auth-verify-email", subject: "Confirm your e-mail address", status: "queued" });
    const link = linkIn(mail!.textBody, `${testSiteUrl}/api/auth/verify-email?token=`);
    expect(mail!.htmlBody).toContain(link.replaceAll("&", "&amp;"));

    const response = await follow(link);
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location")!, testSiteUrl).pathname + new URL(response.headers.get("location")!, testSiteUrl).search).toBe("/admin/login?verified=1");
    expect((await accountByEmail(email))!.emailVerified).toBe(true);
  });

  it("answers a sign-up for a taken address like any other, creates nothing and tells the owner", async () => {
    const email = "taken@thula.example";
    expectOk(await signUpAccount(auth, call(), { email, password }));
    const second = await signUpAccount(auth, call(), { email: "Taken@Thula.example", password: "another long password" });
    expectOk(second);
    expect(await database.db.select().from(authUsers).where(eq(authUsers.email, email))).toHaveLength(1);
    const kinds = (await outboxTo(database.db, email)).map((mail) => mail.kind);
    expect(kinds).toEqual(["auth-verify-email", "auth-sign-up-existing"]);
  });

  it("refuses a short password with a clear message", async () => {
    const answer = await signUpAccount(auth, call(), { email: "short@thula.example", password: "short" });
    expect(answer).toMatchObject({ ok: false, status: 400, message: "The password is too short: use at least 12 characters." });
    expect(await accountByEmail("short@thula.example")).toBeUndefined();
  });

  it("rejects a forged or tampered verification link", async () => {
    const response = await follow(`${testSiteUrl}/api/auth/verify-email?token=not-a-token&callbackURL=%2Fadmin%2Flogin`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("error=INVALID_TOKEN");
  });
});

describe(`password sign-in and sign-out (${testEngine})`, () => {
  it("signs in with the right password: an HttpOnly, SameSite=Lax session cookie backed by a session row", async () => {
    const email = "signin@thula.example";
    const account = await verifiedAccount(email);
    const answer = await signInWithPassword(auth, call(), { email, password });
    expectOk(answer);
    // The test site is https: the cookie is Secure and carries the __Secure- prefix.
    const sessionCookie = answer.setCookies.find((cookie) => cookie.startsWith("__Secure-thula.session_token="));
    expect(sessionCookie).toMatch(/; HttpOnly/i);
    expect(sessionCookie).toMatch(/; SameSite=Lax/i);
    expect(sessionCookie).toMatch(/; Secure/i);
    const session = await sessionFor(cookieHeader(answer.setCookies));
    expect(session?.user.id).toBe(account.id);
    expect(await database.db.select().from(authSessions).where(eq(authSessions.userId, account.id))).toHaveLength(1);
  });

  it("refuses a wrong password with the server's message and no cookie", async () => {
    const email = "wrongpass@thula.example";
    await verifiedAccount(email);
    const answer = await signInWithPassword(auth, call(), { email, password: "not the password at all" });
    expect(answer).toMatchObject({ ok: false, status: 401, code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid e-mail or password." });
    expect(answer.setCookies).toEqual([]);
    const unknown = await signInWithPassword(auth, call(), { email: "nobody@thula.example", password });
    expect(unknown).toMatchObject({ ok: false, status: 401, message: "Invalid e-mail or password." });
  });

  it("signs out: the session row is deleted and the cookie cleared", async () => {
    const email = "signout@thula.example";
    const account = await verifiedAccount(email);
    const answer = await signInWithPassword(auth, call(), { email, password });
    expectOk(answer);
    const cookie = cookieHeader(answer.setCookies);
    const cleared = await signOutRequest(auth, new Request(`${testSiteUrl}/admin`, { method: "POST", headers: { cookie } }));
    expect(cleared.some((value) => /^__Secure-thula\.session_token=;/.test(value) && /Max-Age=0/i.test(value))).toBe(true);
    expect(await sessionFor(cookie)).toBeNull();
    expect(await database.db.select().from(authSessions).where(eq(authSessions.userId, account.id))).toEqual([]);
  });
});

describe(`password reset by e-mail link (${testEngine})`, () => {
  it("e-mails a link that opens update_password with a token; the new password works once, the old one no longer, and old sessions end", async () => {
    const email = "reset@thula.example";
    const account = await verifiedAccount(email);
    const before = await signInWithPassword(auth, call(), { email, password });
    expectOk(before);

    expectOk(await requestPasswordReset(auth, call(), { email }));
    const mail = (await outboxTo(database.db, email)).find((entry) => entry.kind === "auth-reset-password");
    expect(mail?.subject).toBe("Reset your admin portal password");
    const link = linkIn(mail!.textBody, `${testSiteUrl}/admin/login?`);
    // The token only in the query string: the access log records paths, never query strings.
    const target = new URL(link);
    expect(target.pathname).toBe("/admin/login");
    expect(target.searchParams.get("view")).toBe("update_password");
    const token = target.searchParams.get("token")!;
    expect(token).toBeTruthy();
    // Stored hashed: a copy of the database does not hand out reset links.
    const stored = await database.db.select().from(authVerifications);
    expect(stored.some((row) => row.identifier.includes(token) || row.value.includes(token))).toBe(false);

    const newPassword = "a brand new passphrase";
    expectOk(await updatePassword(auth, call(), { token, newPassword }));
    expect(await signInWithPassword(auth, call(), { email, password })).toMatchObject({ ok: false, status: 401 });
    expectOk(await signInWithPassword(auth, call(), { email, password: newPassword }));
    // revokeSessionsOnPasswordReset: the session from before the reset is gone.
    expect(await sessionFor(cookieHeader(before.setCookies))).toBeNull();
    // The token is spent.
    expect(await updatePassword(auth, call(), { token, newPassword: "yet another passphrase" })).toMatchObject({ ok: false, code: "INVALID_TOKEN" });
    expect((await accountByEmail(email))!.id).toBe(account.id);
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const answer = await requestPasswordReset(auth, call(), { email: "ghost@thula.example" });
    expectOk(answer);
    expect(await outboxTo(database.db, "ghost@thula.example")).toEqual([]);
  });

  it("refuses a made-up token", async () => {
    expect(await updatePassword(auth, call(), { token: "made-up", newPassword: "a brand new passphrase" })).toMatchObject({
      ok: false,
      code: "INVALID_TOKEN",
      message: "This link is invalid or has expired. Please ask for a new one.",
    });
  });
});

describe(`magic link (${testEngine})`, () => {
  it("e-mails a one-use link that signs in and lands on the dashboard", async () => {
    const email = "magic@thula.example";
    const account = await verifiedAccount(email);
    expectOk(await requestMagicLink(auth, call(), { email }));
    const mail = (await outboxTo(database.db, email)).find((entry) => entry.kind === "auth-magic-link");
    const link = linkIn(mail!.textBody, `${testSiteUrl}/api/auth/magic-link/verify?token=`);

    const response = await follow(link);
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location")!, testSiteUrl).pathname).toBe("/admin/dashboard");
    const session = await sessionFor(cookieHeader(response.headers.getSetCookie()));
    expect(session?.user.id).toBe(account.id);

    const again = await follow(link);
    expect(again.status).toBe(302);
    const failed = new URL(again.headers.get("location")!, testSiteUrl);
    expect(failed.pathname).toBe("/admin/login");
    expect(failed.searchParams.get("view")).toBe("magic_link");
    expect(failed.searchParams.get("error")).toBe("INVALID_TOKEN");
  });

  it("sends nothing to an unknown address, and answers the same", async () => {
    expectOk(await requestMagicLink(auth, call(), { email: "stranger@thula.example" }));
    expect(await outboxTo(database.db, "stranger@thula.example")).toEqual([]);
    expect(await accountByEmail("stranger@thula.example")).toBeUndefined();
  });
});

describe(`one-time code (${testEngine})`, () => {
  it("e-mails a six-digit code (never in the subject) that signs in once", async () => {
    const email = "code@thula.example";
    const account = await verifiedAccount(email);
    expectOk(await sendSignInCode(auth, call(), { email }));
    const mail = (await outboxTo(database.db, email)).find((entry) => entry.kind === "auth-one-time-code");
    const code = mail!.textBody.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail!.subject).not.toContain(code!);

    expect(await signInWithCode(auth, call(), { email, code: code === "000000" ? "111111" : "000000" })).toMatchObject({
      ok: false,
      code: "INVALID_OTP",
    });
    const answer = await signInWithCode(auth, call(), { email, code: code! });
    expectOk(answer);
    expect((await sessionFor(cookieHeader(answer.setCookies)))?.user.id).toBe(account.id);
    expect(await signInWithCode(auth, call(), { email, code: code! })).toMatchObject({ ok: false });
  });

  it("creates no account and sends nothing for an unknown address", async () => {
    expectOk(await sendSignInCode(auth, call(), { email: "unknown.code@thula.example" }));
    expect(await outboxTo(database.db, "unknown.code@thula.example")).toEqual([]);
  });
});
