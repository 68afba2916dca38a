import { beforeAll, describe, expect, it } from "vitest";
import { testEngine } from "../../../tests/support/test-database.ts";
import { ensureAdmin } from "./admins.server.ts";
import { getAuth, type Auth } from "./auth.server.ts";
import { EMPTY_EMAIL_MESSAGE, loginNotices, type LoginActionData } from "./login-form.ts";
import { handleLoginAction, loadLoginPage } from "./login.server.ts";
import { cookieHeader, linkIn, nextClient, outboxTo, routerContext, testSiteUrl, useTestRuntime } from "./testing.server.ts";

// The login page's loader and action: what the forms at /admin/login do, with or without JavaScript.

const { database, runtime } = useTestRuntime();
let auth: Auth;
const password = "the admin passphrase";

beforeAll(async () => {
  auth = getAuth(runtime);
  await ensureAdmin(database.db, auth, { email: "admin@login.example", password });
});

type Answer = { data: LoginActionData; init: ResponseInit | null };

/** Posts a login form; returns the redirect Response or the page's answer. */
async function post(fields: Record<string, string>, origin = testSiteUrl): Promise<Response | Answer> {
  const request = new Request(`${testSiteUrl}/admin/login`, {
    method: "POST",
    headers: { origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  try {
    return (await handleLoginAction({ request, context: routerContext(runtime, nextClient().ip) })) as Response | Answer;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function answer(result: Response | Answer): Answer {
  if (result instanceof Response) throw new Error(`Expected the page's answer, got a ${result.status} response`);
  return result;
}

async function load(url: string, cookie?: string) {
  const request = new Request(`${testSiteUrl}${url}`, { headers: cookie ? { cookie } : {} });
  try {
    return await loadLoginPage({ request, context: routerContext(runtime) });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe(`/admin/login forms (${testEngine})`, () => {
  it("sign_in: the right password redirects to the dashboard with the session cookie; a wrong one answers in the form", async () => {
    const signedIn = await post({ intent: "sign-in", email: "Admin@Login.example", password });
    expect(signedIn).toBeInstanceOf(Response);
    expect((signedIn as Response).headers.get("location")).toBe("/admin/dashboard");
    const cookie = cookieHeader((signedIn as Response).headers.getSetCookie());
    expect(cookie).toContain("session_token=");

    expect(answer(await post({ intent: "sign-in", email: "admin@login.example", password: "wrong passphrase here" }))).toMatchObject({
      data: { view: "sign_in", error: "Invalid e-mail or password.", email: "admin@login.example" },
      init: { status: 401 },
    });

    // Signed in: the page itself sends the admin on.
    const page = await load("/admin/login", cookie);
    expect(page).toBeInstanceOf(Response);
    expect((page as Response).headers.get("location")).toBe("/admin/dashboard");
  });

  it("sign_in: a paused account's form says how long to wait, sends Retry-After and keeps the address typed", async () => {
    await ensureAdmin(database.db, auth, { email: "paused@login.example", password });
    for (let index = 0; index < 5; index++) {
      expect(answer(await post({ intent: "sign-in", email: "paused@login.example", password: `wrong guess ${index}` })).init).toMatchObject({ status: 401 });
    }

    const refused = answer(await post({ intent: "sign-in", email: "Paused@login.example", password }));

    expect(refused.data).toEqual({
      view: "sign_in",
      error: "Too many failed sign-ins for this e-mail address. Please try again in 1 minute, or sign in with a link or a code sent by e-mail.",
      email: "paused@login.example",
    });
    expect(refused.init?.status).toBe(429);
    expect(Number(new Headers(refused.init?.headers).get("retry-after"))).toBeGreaterThan(0);
  });

  it("sign_up: confirms without signing in, and refuses a short password", async () => {
    expect(answer(await post({ intent: "sign-up", email: "newcomer@login.example", password: "newcomer passphrase" })).data).toEqual({
      view: "sign_in",
      notice: loginNotices.signedUp,
      email: "newcomer@login.example",
    });
    expect((await outboxTo(database.db, "newcomer@login.example")).map((mail) => mail.kind)).toEqual(["auth-verify-email"]);
    expect(answer(await post({ intent: "sign-up", email: "weak@login.example", password: "weak" }))).toMatchObject({
      data: { view: "sign_up", error: "The password is too short: use at least 12 characters." },
      init: { status: 400 },
    });
  });

  it("magic_link: an empty e-mail gets a message and sends nothing; a real one says to check the e-mail", async () => {
    expect(answer(await post({ intent: "magic-link", email: "" }))).toMatchObject({ data: { view: "magic_link", error: EMPTY_EMAIL_MESSAGE }, init: { status: 422 } });
    expect(answer(await post({ intent: "magic-link" }))).toMatchObject({ data: { error: EMPTY_EMAIL_MESSAGE } });
    expect(answer(await post({ intent: "magic-link", email: "admin@login.example" })).data).toEqual({ view: "magic_link", notice: "Check your email for the magic link" });
    expect((await outboxTo(database.db, "admin@login.example")).filter((mail) => mail.kind === "auth-magic-link")).toHaveLength(1);
  });

  it("verify_otp: asks for a code, then the code from the e-mail signs in", async () => {
    const sent = answer(await post({ intent: "send-code", email: "admin@login.example" }));
    expect(sent.data).toMatchObject({ view: "verify_otp", codeSent: true, email: "admin@login.example" });
    const mail = (await outboxTo(database.db, "admin@login.example")).filter((entry) => entry.kind === "auth-one-time-code").at(-1)!;
    const code = mail.textBody.match(/\b(\d{6})\b/)![1]!;

    expect(answer(await post({ intent: "verify-code", email: "admin@login.example", code: "12ab" }))).toMatchObject({
      data: { view: "verify_otp", codeSent: true, error: "Please enter the 6-digit code from the e-mail" },
      init: { status: 422 },
    });
    const signedIn = await post({ intent: "verify-code", email: "admin@login.example", code });
    expect((signedIn as Response).headers.get("location")).toBe("/admin/dashboard");
    expect((signedIn as Response).headers.getSetCookie().join()).toContain("session_token=");
  });

  it("forgotten_password → update_password → sign_in", async () => {
    await ensureAdmin(database.db, auth, { email: "reset@login.example", password });
    expect(answer(await post({ intent: "forgot-password", email: "reset@login.example" })).data).toEqual({ view: "forgotten_password", notice: loginNotices.resetSent });
    const mail = (await outboxTo(database.db, "reset@login.example")).find((entry) => entry.kind === "auth-reset-password")!;
    const target = new URL(linkIn(mail.textBody, `${testSiteUrl}/admin/login?`));
    const page = await load(`${target.pathname}${target.search}`);
    expect(page).toMatchObject({ view: "update_password", token: target.searchParams.get("token"), error: null });

    const weak = answer(await post({ intent: "update-password", token: target.searchParams.get("token")!, password: "weak" }));
    expect(weak.data).toMatchObject({ view: "update_password", token: target.searchParams.get("token") });
    expect(answer(await post({ intent: "update-password", token: target.searchParams.get("token")!, password: "the new passphrase" })).data).toEqual({
      view: "sign_in",
      notice: loginNotices.passwordUpdated,
    });
    expect(await post({ intent: "sign-in", email: "reset@login.example", password: "the new passphrase" })).toBeInstanceOf(Response);
  });

  it("refuses an unknown intent and a cross-origin post", async () => {
    expect(answer(await post({ intent: "make-me-admin" }))).toMatchObject({ init: { status: 400 } });
    const refused = await post({ intent: "sign-in", email: "admin@login.example", password }, "https://evil.example");
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);
  });
});

describe(`/admin/login page (${testEngine})`, () => {
  it("opens the view the address names, with the guard's and the links' messages", async () => {
    expect(await load("/admin/login")).toEqual({ view: "sign_in", token: null, notice: null, error: null });
    expect(await load("/admin/login?view=nonsense")).toMatchObject({ view: "sign_in" });
    expect(await load("/admin/login?reason=no-access")).toMatchObject({ error: loginNotices.noAccess });
    expect(await load("/admin/login?verified=1")).toMatchObject({ notice: loginNotices.verified });
    expect(await load("/admin/login?view=magic_link&error=INVALID_TOKEN")).toMatchObject({ view: "magic_link", error: expect.stringContaining("sign-in link is invalid") });
    // A token is only taken for the update_password view.
    expect(await load("/admin/login?view=sign_in&token=abc")).toMatchObject({ token: null });
  });
});
