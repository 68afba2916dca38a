import { describe, expect, it } from "vitest";
// Imported under another name: "use…" makes the React hooks lint rule treat it as a hook.
import { openPage, useBrowser as browserForThisFile, waitForHydration } from "../e2e/support/browser.ts";
import { adminSession, baseURL, bookableSeminarIds, EVIL_ORIGIN, send, type Answer } from "./support/http.ts";
import { rawPost } from "./support/raw-post.ts";

// Security headers on every kind of response the server gives (issue 8). The header values
// themselves are unit-tested in app/lib/security-headers.test.ts (HSTS only over HTTPS among
// them); here: that each kind of response carries them, and what the nonce does in a browser.

const browser = browserForThisFile();

type Kind = { name: string; answer: () => Promise<Answer>; status: number; frameable?: boolean };

/** A hashed script a booking page loads (it starts at once, so its HTML names its scripts: docs/decisions/040). */
async function hashedAsset(): Promise<string> {
  const booking = await send("/consultations/book-free");
  const asset = booking.text.match(/\/assets\/[\w.-]+\.js/)?.[0];
  expect(asset).toBeDefined();
  return asset!;
}

/** A JSON post declaring 2 MB, over the server's 1 MB limit (server/body-limit.ts). */
async function tooLargeBody(path: string): Promise<Answer> {
  const answer = await rawPost(baseURL, path, { total: 2 * 1024 * 1024, declare: true });
  return { status: answer.status, headers: answer.headers, text: answer.body, location: answer.headers.get("location") };
}

const kinds: Kind[] = [
  { name: "a public page", answer: () => send("/events"), status: 200 },
  { name: "an admin page", answer: async () => send("/admin/dashboard", { cookie: await adminSession() }), status: 200 },
  { name: "the admin sign-in page", answer: () => send("/admin/login"), status: 200 },
  { name: "the digital business card (may be framed)", answer: () => send("/business-card"), status: 200, frameable: true },
  { name: "a hashed asset", answer: async () => send(await hashedAsset()), status: 200 },
  { name: "/favicon.ico", answer: () => send("/favicon.ico"), status: 200 },
  { name: "a page that does not exist", answer: () => send("/no-such-page"), status: 404 },
  { name: "a redirect (an admin page, signed out)", answer: () => send("/admin/dashboard"), status: 302 },
  { name: "a permanent redirect (an old seminar address)", answer: async () => send(`/events/${(await bookableSeminarIds())[0]}`), status: 301 },
  { name: "JSON (/readyz)", answer: () => send("/readyz"), status: 200 },
  { name: "/sitemap.xml", answer: () => send("/sitemap.xml"), status: 200 },
  { name: "an upload that does not exist", answer: () => send("/uploads/blog/nothing-here.webp"), status: 404 },
  // React Router refuses a cross-origin post to a page itself (400); the site's own check, to any other route (403).
  { name: "a POST to a page refused as cross-origin", answer: () => send("/consultations/book", { form: { firstName: "x" }, origin: EVIL_ORIGIN }), status: 400 },
  { name: "a POST to an API refused as cross-origin", answer: () => send("/api/auth/sign-in/email", { json: {}, origin: EVIL_ORIGIN }), status: 403 },
  // Written by hand: the server answers and hangs up before the body is sent, which fetch reports as EPIPE.
  { name: "a body refused as too large", answer: () => tooLargeBody("/api/auth/sign-in/email"), status: 413 },
];

function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(";").map((part) => part.trim().split(/\s+/)).map(([name, ...sources]) => [name!, sources]));
}

function expectBaseline(answer: Answer, frameable: boolean) {
  const headers = answer.headers;
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  // One policy: the portal's stricter "same-origin", elsewhere "strict-origin-when-cross-origin".
  expect(headers.get("referrer-policy")).toMatch(/^(strict-origin-when-cross-origin|same-origin)$/);
  expect(headers.get("permissions-policy")).toContain("camera=()");
  expect(headers.get("x-powered-by")).toBeNull();
  // SITE_URL is http here: no HSTS (a browser would then refuse the site over plain HTTP).
  expect(headers.get("strict-transport-security")).toBeNull();
  expect(headers.get("x-frame-options")).toBe(frameable ? null : "DENY");
}

describe("every kind of response carries the security headers", () => {
  it("sends one Referrer-Policy: the portal's keeps its addresses (reset tokens, names) to this site", async () => {
    expect((await send("/admin/login")).headers.get("referrer-policy")).toBe("same-origin");
    expect((await send("/admin/dashboard", { cookie: await adminSession() })).headers.get("referrer-policy")).toBe("same-origin");
    expect((await send("/events")).headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it.each(kinds)("$name", async ({ answer, status, frameable = false }) => {
    const response = await answer();
    expect(response.status).toBe(status);
    expectBaseline(response, frameable);
    const policy = directives(response.headers.get("content-security-policy") ?? "");
    expect(policy.get("frame-ancestors")).toEqual([frameable ? "*" : "'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    const scripts = policy.get("script-src") ?? [];
    expect(scripts).toContain("'self'");
    expect(scripts.filter((source) => /unsafe-(inline|eval)|^\*$|^https?:$|^data:$/.test(source))).toEqual([]);
    expect(scripts.filter((source) => source.startsWith("'nonce-"))).toHaveLength(1);
  });

  it("a 304 carries the baseline but no Content-Security-Policy: the cached page keeps the nonce of the policy stored with it", async () => {
    for (const path of ["/events", "/favicon.ico"]) {
      const first = await send(path);
      const etag = first.headers.get("etag");
      expect(etag, path).toBeTruthy();
      // As a browser revalidates (fetch() would add "Cache-Control: no-cache", which skips the ETag).
      const again = await send(path, { headers: { "if-none-match": etag!, "cache-control": "max-age=0" } });
      expect(again.status, path).toBe(304);
      expectBaseline(again, false);
      expect(again.headers.get("content-security-policy"), path).toBeNull();
    }
  });
});

/** The nonce of the policy, and the attributes of every <script> in the HTML. */
function noncesOf(answer: Answer) {
  const nonce = answer.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
  const scripts = [...answer.text.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
  return { nonce, scripts };
}

describe("the nonce", () => {
  it.each(["/", "/admin/login", "/no-such-page", "/blog"])("is new on every load of %s and on every script the browser would run", async (path) => {
    const first = noncesOf(await send(path));
    const second = noncesOf(await send(path));
    expect(first.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(second.nonce).not.toBe(first.nonce);
    const runnable = first.scripts.filter((attributes) => !/type="application\/ld\+json"/.test(attributes));
    expect(runnable.length).toBeGreaterThan(0);
    for (const attributes of runnable) expect(attributes).toContain(`nonce="${first.nonce}"`);
  });

  it("lets the page hydrate in Chromium, and stops a script added without it", async () => {
    const { page, errors, close } = await openPage(browser());
    await page.goto("/events");
    await waitForHydration(page);
    const { ran, violations } = await page.evaluate(async () => {
      const violations: string[] = [];
      document.addEventListener("securitypolicyviolation", (event) => violations.push(event.effectiveDirective));
      // An inline script that is allowed runs as it is appended.
      const script = document.createElement("script");
      script.textContent = "window.__injected = 1";
      document.body.append(script);
      const handler = document.createElement("img");
      handler.setAttribute("onerror", "window.__injected = 2");
      // Listeners run in the order they were added, so once this one hears the image fail, the
      // attribute's handler has had its turn (instead of waiting a while and hoping it had).
      const failed = new Promise((resolve) => handler.addEventListener("error", resolve, { once: true }));
      handler.src = "/no-such-image.png";
      document.body.append(handler);
      await failed;
      return { ran: (window as unknown as { __injected?: number }).__injected, violations };
    });
    expect(ran).toBeUndefined();
    expect(violations.sort()).toEqual(["script-src-attr", "script-src-elem"]);
    await expect.poll(() => errors.some((error) => /Content Security Policy/.test(error))).toBe(true);
    await close();
  });
});
