import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_ADMIN } from "../../app/features/admin-auth/admins.server.ts";
import { adminRoutes, cookieFrom, freshLoopback, mainText, send, signIn, type HttpAnswer } from "./support/admin-matrix.ts";
// Imported under another name: "use…" makes the React hooks lint rule treat it as a hook.
import { expectNoAxeViolations, openPage, useBrowser as browserForThisFile, waitForHydration } from "../e2e/support/browser.ts";

// Admin access (issue 5). An authorisation matrix generated from app/routes.ts: every admin
// page and resource route, by document and by data request, and every form intent of every
// admin action, as (a) nobody, (b) a signed-in account without admin rights, (c) the demo
// admin. Then the browser journeys at /admin/login.

const baseURL = inject("baseURL");
const browser = browserForThisFile();
const routesUnderTest = await adminRoutes();
const pages = routesUnderTest.filter((route) => route.hasLoader || route.kind === "page");
const actions = routesUnderTest.flatMap((route) => route.intents.map((intent) => ({ route, intent })));

// (b): signs up through the public endpoint; never verified, never granted anything.
const outsider = { email: `outsider.${Date.now().toString(36)}@thula.example`, password: "an outsider passphrase" };
let adminCookie = "";

beforeAll(async () => {
  const signedUp = await send(baseURL, { method: "POST", path: "/api/auth/sign-up/email", json: { name: "", ...outsider }, origin: baseURL, from: freshLoopback() });
  expect(signedUp.status).toBe(200);
  adminCookie = await signIn(baseURL, DEMO_ADMIN.email, DEMO_ADMIN.password);
});

type Who = "anonymous" | "non-admin";
const people: Who[] = ["anonymous", "non-admin"];

/** A cookie for the probe: none, or a fresh session of the outsider (the guard ends it on first use). */
async function cookieOf(who: Who): Promise<string | undefined> {
  return who === "anonymous" ? undefined : signIn(baseURL, outsider.email, outsider.password);
}

/** Nothing an admin sees may be in the answer: not the admin's address, the tab bar or the sign-out form. */
function expectNoAdminData(answer: HttpAnswer) {
  for (const marker of [DEMO_ADMIN.email, "Admin sections", "Sign Out", "sign-out"]) expect(answer.body).not.toContain(marker);
}

/** Refused: a redirect to /admin/login (a document redirect, or a data request's encoded one), or 401/403. */
function expectBounced(answer: HttpAnswer, dataRequest: boolean) {
  if (answer.status === 401 || answer.status === 403) return;
  if (dataRequest) {
    expect(answer.status).toBe(202);
    expect(answer.body).toContain("/admin/login");
  } else {
    expect([302, 303]).toContain(answer.status);
    expect(new URL(answer.location!, baseURL).pathname).toBe("/admin/login");
  }
}

async function expectSessionEnded(cookie: string) {
  const session = await send(baseURL, { path: "/api/auth/get-session", cookie, from: freshLoopback() });
  expect(session.status).toBe(200);
  expect(session.body.trim()).toBe("null");
}

const dataUrl = (url: string) => (url === "/" ? "/_root.data" : `${url}.data`);

describe("the authorisation matrix comes from the route table", () => {
  it("finds every admin route, and every admin route with an action lists its form intents", () => {
    const urls = routesUnderTest.map((route) => route.url);
    for (const expected of ["/admin", "/admin/dashboard", "/admin/users", "/admin/consultations", "/admin/seminars", "/admin/bookings", "/admin/blog", "/admin/outbox"]) {
      expect(urls).toContain(expected);
    }
    expect(urls).not.toContain("/admin/login");
    const withoutIntents = routesUnderTest.filter((route) => route.hasAction && route.intents.length === 0).map((route) => route.file);
    expect(withoutIntents, "an admin route has an action but exports no `intents`").toEqual([]);
    expect(actions.map(({ route, intent }) => `${route.actionUrl} ${intent}`)).toContain("/admin sign-out");
  });
});

describe.each(pages)("GET $url ($file)", (route) => {
  it.each(people)("is refused for %s: redirect to /admin/login and no admin data, by document and by data requests", async (who) => {
    const probes = [route.url, dataUrl(route.url), `${dataUrl(route.url)}?_routes=${encodeURIComponent(route.id)}`];
    for (const probe of probes) {
      const cookie = await cookieOf(who);
      const answer = await send(baseURL, { path: probe, cookie, from: freshLoopback() });
      expectBounced(answer, probe !== route.url);
      expectNoAdminData(answer);
      if (cookie) await expectSessionEnded(cookie);
    }
  });

  it("is served to the admin", async () => {
    const answer = await send(baseURL, { path: route.url, cookie: adminCookie, from: freshLoopback() });
    if (route.servedByIndex) {
      // The index only redirects to another admin page, never to the sign-in page.
      expect([301, 302, 303]).toContain(answer.status);
      expect(new URL(answer.location!, baseURL).pathname).not.toBe("/admin/login");
      return;
    }
    // A sample id names no record: the admin gets the route's own "not found", never the sign-in page.
    const served = route.sample ? [200, 404] : [200];
    expect(served).toContain(answer.status);
    if (route.kind === "page") expect(answer.body).toContain(DEMO_ADMIN.email);
    const data = await send(baseURL, { path: dataUrl(route.url), cookie: adminCookie, from: freshLoopback() });
    expect(served).toContain(data.status);
    expect(data.body).not.toContain("/admin/login");
  });
});

describe("admin actions", () => {
  it.each(people)("refuses every form intent of every admin action for %s, and changes nothing", async (who) => {
    // The activity log does change: it records the probes' own sign-ins (that is its job).
    const compared = pages.filter((route) => !route.servedByIndex && route.url !== "/admin/activity");
    const before = await Promise.all(compared.map((route) => send(baseURL, { path: route.url, cookie: adminCookie, from: freshLoopback() })));
    for (const { route, intent } of actions) {
      const cookie = await cookieOf(who);
      const answer = await send(baseURL, { method: "POST", path: route.actionUrl, form: { intent }, cookie, origin: baseURL, from: freshLoopback() });
      expectBounced(answer, false);
      expectNoAdminData(answer);
      if (cookie) await expectSessionEnded(cookie);
    }
    // The admin's session survived (sign-out was refused), and every admin page reads the same.
    const after = await Promise.all(compared.map((route) => send(baseURL, { path: route.url, cookie: adminCookie, from: freshLoopback() })));
    expect(before.every((answer) => answer.status === 200 || answer.status === 404)).toBe(true);
    expect(after.map((answer) => answer.status)).toEqual(before.map((answer) => answer.status));
    expect(after.map((answer) => mainText(answer.body))).toEqual(before.map((answer) => mainText(answer.body)));
  });

  it("refuses a cross-origin POST to every admin action and to the sign-in endpoints, even with the admin's cookie", async () => {
    for (const { route, intent } of actions) {
      const answer = await send(baseURL, { method: "POST", path: route.actionUrl, form: { intent }, cookie: adminCookie, origin: "https://evil.example", from: freshLoopback() });
      expect([400, 403]).toContain(answer.status);
    }
    for (const path of ["/admin/login", "/api/auth/sign-in/email"]) {
      const answer = await send(baseURL, {
        method: "POST",
        path,
        form: { intent: "sign-in", email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
        origin: "https://evil.example",
        from: freshLoopback(),
      });
      expect([400, 403], path).toContain(answer.status);
      expect(cookieFrom(answer.setCookies)).not.toContain("session_token=");
    }
    // The admin is still signed in.
    expect((await send(baseURL, { path: "/admin/dashboard", cookie: adminCookie, from: freshLoopback() })).status).toBe(200);
  });
});

async function signInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

describe("/admin/login in the browser", () => {
  it("signs the demo admin in to the dashboard, shows the tab bar, and signs out back to /admin/login", async () => {
    const { page, errors, close } = await openPage(browser());
    await page.goto("/admin/login");
    await waitForHydration(page);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Admin Portal");
    expect(await page.getByText("Sign in to access the admin dashboard").isVisible()).toBe(true);

    await signInWithForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.waitForURL("**/admin/dashboard");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Dashboard");
    const tabs = page.getByRole("navigation", { name: "Admin sections" });
    expect(await tabs.getByRole("link").allInnerTexts()).toEqual(["Dashboard", "Users", "Consultations", "Seminars", "Bookings", "Blog", "Outbox", "Activity"]);
    expect(await tabs.getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe("page");
    expect(await tabs.getByRole("link", { name: "Users" }).getAttribute("aria-current")).toBeNull();
    expect(await page.getByText(DEMO_ADMIN.email).isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    await tabs.getByRole("link", { name: "Users" }).click();
    await page.waitForURL("**/admin/users");
    await expect.poll(() => tabs.getByRole("link", { name: "Users" }).getAttribute("aria-current")).toBe("page");
    await tabs.getByRole("link", { name: "Dashboard" }).click();
    await page.waitForURL("**/admin/dashboard");

    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Dashboard");
    await page.getByRole("main").getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL("**/admin/login");
    await page.goto("/admin/dashboard");
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    expect(errors).toEqual([]);
    await close();
  });

  it("signs in, opens /admin and signs out without JavaScript too", async () => {
    const { page, close } = await openPage(browser(), { javaScriptEnabled: false });
    await page.goto("/admin/login");
    await signInWithForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.waitForURL("**/admin/dashboard");
    await page.goto("/admin");
    expect(new URL(page.url()).pathname).toBe("/admin/dashboard");

    const signOut = await Promise.all([page.waitForResponse((response) => response.request().method() === "POST"), page.getByRole("main").getByRole("button", { name: "Sign Out" }).click()]);
    expect(signOut[0].status()).toBe(302);
    await page.waitForURL("**/admin/login");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Admin Portal");
    await page.goto("/admin/dashboard");
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    await close();
  });

  it("bounces an account without admin rights back to /admin/login with a message", async () => {
    const { page, context, errors, close } = await openPage(browser());
    // Signed in from a loopback address of its own (the browser's sign-in attempts share 127.0.0.1's budget).
    const session = (await signIn(baseURL, outsider.email, outsider.password)).split("; ").map((pair) => {
      const [name, ...value] = pair.split("=");
      return { name: name!, value: value.join("="), url: baseURL, httpOnly: true, sameSite: "Lax" as const };
    });
    await context.addCookies(session);
    await page.goto("/admin/dashboard");
    await page.waitForURL("**/admin/login?reason=no-access");
    await expect.poll(() => page.getByRole("alert").innerText()).toContain("does not have access to the admin portal");
    const cookies = await page.context().cookies();
    expect(cookies.filter((cookie) => cookie.name.includes("session_token"))).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it("shows a wrong password's message in red under the form, and works without JavaScript", async () => {
    const { page, close } = await openPage(browser(), { javaScriptEnabled: false });
    await page.goto("/admin/login");
    await signInWithForm(page, outsider.email, "not the right passphrase");
    const alert = page.getByRole("alert");
    expect(await alert.innerText()).toBe("Invalid e-mail or password.");
    expect(await alert.evaluate((element) => getComputedStyle(element).color)).toMatch(/^(rgb\(159, 7, 18\)|oklch\(0\.444 0\.177 26\.899\))$/);
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    await close();
  });

  it("switches between its views, each accessible, and the magic-link form checks for an e-mail first", async () => {
    const { page, errors, close } = await openPage(browser());
    await page.goto("/admin/login");
    await waitForHydration(page);
    await expectNoAxeViolations(page);

    const views: Array<[link: string, heading: string]> = [
      ["Don't have an account? Sign up", "Create an account"],
      ["Forgot your password?", "Reset your password"],
      ["Sign in with a magic link", "Sign in with a magic link"],
      ["Sign in with a one-time code", "Sign in with a one-time code"],
    ];
    for (const [link, heading] of views) {
      await page.goto("/admin/login");
      await page.getByRole("link", { name: link.replace("Don't have an account? ", "") }).click();
      await expect.poll(() => page.getByRole("heading", { level: 2 }).innerText()).toBe(heading);
      await expectNoAxeViolations(page);
    }

    await page.goto("/admin/login?view=magic_link");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Send magic link" }).click();
    await expect.poll(() => page.getByRole("alert").innerText()).toBe("Please enter your e-mail address");
    await page.getByLabel("E-mail address").fill(DEMO_ADMIN.email);
    await page.getByRole("button", { name: "Send magic link" }).click();
    await expect.poll(() => page.getByRole("status").innerText()).toBe("Check your email for the magic link");
    await expectNoAxeViolations(page);

    // A reset link without a valid token still opens update_password, with a way forward.
    await page.goto("/admin/login?view=update_password&error=INVALID_TOKEN");
    await expect.poll(() => page.getByRole("heading", { level: 2 }).innerText()).toBe("Choose a new password");
    expect(await page.getByRole("alert").innerText()).toContain("invalid or has expired");
    await expectNoAxeViolations(page);
    await page.goto("/admin/login?view=update_password&token=matrix-made-up-token");
    expect(await page.getByLabel("New password", { exact: true }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    // One-time code: ask for it, then the code step.
    await page.goto("/admin/login?view=verify_otp");
    await waitForHydration(page);
    await page.getByLabel("E-mail address").fill(DEMO_ADMIN.email);
    await page.getByRole("button", { name: "Send code" }).click();
    // The code field itself: the view's region ("Sign in with a one-time code") also has that text in its name.
    await expect.poll(() => page.getByRole("textbox", { name: "One-time code" }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    // The one refusal the browser reports: the empty magic-link form's 422.
    expect(errors).toEqual(["console: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)"]);
    await close();
  });

  it("sends a signed-in admin from /admin/login straight to the dashboard", async () => {
    const answer = await send(baseURL, { path: "/admin/login", cookie: adminCookie, from: freshLoopback() });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/admin/dashboard");
  });
});
