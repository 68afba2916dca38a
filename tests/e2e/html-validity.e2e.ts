import path from "node:path";
import { HtmlValidate, type ConfigData, type Message } from "html-validate";
import type { APIRequestContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { findOutboxEmail, signInAsAdmin } from "./support/admin.ts";
import { openPage, useBrowser, type TestPage } from "./support/browser.ts";
import { bookableSeminarHref, firstHref, paramOf, payTestCheckout, startTestCheckout } from "./support/demo-data.ts";
import { resourceRoutesThatRender, routeCoverage } from "./support/routes.ts";

// Every page's HTML, as the server sends it, is valid (html-validate's recommended preset):
// every page route of app/routes.ts, public and admin, the list checked against the route
// table so a new page cannot be left out. Pages of real records (a booking, a ticket, a
// manage link) are found the way visitors and staff find them (the demo data is seeded fresh
// for each run).

const rules: ConfigData["rules"] = {
  // React writes void elements self-closed (<meta />, <br />): valid HTML, only a style choice.
  "void-style": "off",
  // React writes the charset meta as charSet: HTML attribute names are case-insensitive, so it is valid.
  "attr-case": "off",
  // Framer-free animations set their delays through React style props (and Radix sets its own): not a validity matter.
  "no-inline-style": "off",
  // The carousels follow the APG carousel pattern (role="region" with aria-roledescription), which asks for a div.
  "prefer-native-element": "off",
  // Title length is a search-engine preference, not HTML validity.
  "long-title": "off",
  // React writes boolean attributes as hidden="" (and inert=""): valid HTML, only a style choice.
  "attribute-boolean-style": "off",
  "attribute-empty-style": "off",
  // React's useId ids (_R_1a_) begin with an underscore: valid HTML ids, only the rule's stricter naming.
  "valid-id": ["error", { relaxed: true }],
  // Checkboxes that share a name are one multi-choice field (the events list's cities, the blog's
  // tags): the form sends each ticked value, as HTML intends. Other controls may not share one.
  "form-dup-name": ["error", { shared: ["radio", "button", "reset", "submit", "checkbox"] }],
};

const publicValidator = new HtmlValidate({ extends: ["html-validate:recommended"], rules });
const adminValidator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: {
    ...rules,
    // The admin tables turn into stacked cards on a phone (display: block), which drops a
    // table's semantics in some browsers: their explicit roles keep it (components/admin/data-table.tsx).
    "no-redundant-role": "off",
  },
});

/**
 * Findings that are a deliberate pattern, each with its reason. A checkbox sends nothing when
 * unticked, so the seminar form sends a hidden "false" before its Active checkbox (the last
 * value wins): html-validate allows that pair (allowCheckboxDefault) only where checkboxes may
 * not share a name, and the multi-choice filters need them to.
 */
const deliberate = [{ ruleId: "form-dup-name", message: /"is_active"/ }];

function findings(messages: Message[]): Message[] {
  return messages.filter((message) => !deliberate.some((known) => known.ruleId === message.ruleId && known.message.test(message.message)));
}

const baseURL = () => inject("baseURL");
const noMatch = "zzqx-nothing-matches";

/** Ids and addresses of real records, found through the lists before the checks start. */
type Demo = {
  seminarBooking: string;
  seminarId: string;
  blogPost: string;
  consultationPay: string;
  testCheckout: string;
  paymentSuccess: string;
  ticket: string;
  manageBooking: string;
  userId: string;
  consultationId: string;
  adminSeminarId: string;
  adminPostId: string;
  outboxEmailId: string;
};

type Check = {
  /** The route's path in app/routes.ts that this check covers. */
  route: string;
  path: (demo: Demo) => string;
  /** The HTTP status of the page, redirects followed (200 unless told). */
  status?: number;
  /** Fetched signed in as an admin. */
  admin?: boolean;
};

const checks: Check[] = [
  // Public pages.
  { route: "/", path: () => "/" },
  { route: "/about", path: () => "/about" },
  { route: "/services", path: () => "/services" },
  { route: "/packages", path: () => "/packages" },
  { route: "/legal", path: () => "/legal" },
  { route: "/events", path: () => "/events" },
  { route: "/events", path: () => `/events?q=${noMatch}` },
  { route: "/events/book/:seminarId", path: (demo) => demo.seminarBooking },
  { route: "/events/book/:seminarId", path: () => "/events/book/00000000-0000-4000-8000-000000000000", status: 404 },
  { route: "/events/:seminarId", path: (demo) => `/events/${demo.seminarId}` },
  { route: "/consultations", path: () => "/consultations" },
  { route: "/consultations/book", path: () => "/consultations/book" },
  { route: "/consultations/book-free", path: () => "/consultations/book-free" },
  { route: "/consultations/pay/:bookingId", path: (demo) => demo.consultationPay },
  { route: "/consultations/pay/:bookingId", path: () => "/consultations/pay/00000000-0000-4000-8000-000000000000", status: 404 },
  { route: "/blog", path: () => "/blog" },
  { route: "/blog", path: () => `/blog?q=${noMatch}` },
  { route: "/blog/:postId/:slug?", path: (demo) => demo.blogPost },
  { route: "/payment-success", path: (demo) => demo.paymentSuccess },
  { route: "/payment-success", path: () => "/payment-success" },
  { route: "/checkout/test/:sessionId", path: (demo) => demo.testCheckout },
  // With PayFast configured, its hop page is a form posted on to PayFast (payfast.e2e.ts).
  { route: "/checkout/payfast/:sessionId", path: () => "/checkout/payfast/pf_unknown", status: 404 },
  { route: "/tickets/:code", path: (demo) => demo.ticket },
  { route: "/tickets/:code", path: () => "/tickets/AAAAAAAAAAAAAAAAAAAAAAAA", status: 404 },
  { route: "/bookings/:token", path: (demo) => demo.manageBooking },
  { route: "/bookings/:token", path: () => "/bookings/00000000-0000-4000-8000-000000000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", status: 404 },
  // A real consultation's manage page is scanned by its journey (consultation-slots.e2e.ts).
  { route: "/consultations/manage/:token", path: () => "/consultations/manage/00000000-0000-4000-8000-000000000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", status: 404 },
  // A real offer needs a full seminar and a freed seat: the waitlist journey opens one (waitlist.e2e.ts).
  { route: "/waitlist/offer/:token", path: () => "/waitlist/offer/not-a-token", status: 404 },
  { route: "/*", path: () => "/no-such-page/anywhere", status: 404 },
  { route: "/business-card", path: () => "/business-card" },
  { route: "/admin/login", path: () => "/admin/login" },
  { route: "/admin/login", path: () => "/admin/login?view=sign_up" },
  { route: "/admin/login", path: () => "/admin/login?view=forgotten_password" },
  { route: "/admin/login", path: () => "/admin/login?view=update_password&error=INVALID_TOKEN" },

  // Admin pages (signed in).
  { route: "/admin", path: () => "/admin", admin: true },
  { route: "/admin/dashboard", path: () => "/admin/dashboard", admin: true },
  { route: "/admin/statement", path: () => "/admin/statement", admin: true },
  { route: "/admin/statement", path: () => "/admin/statement?month=2001-01", admin: true },
  { route: "/admin/users", path: () => "/admin/users", admin: true },
  { route: "/admin/users", path: (demo) => `/admin/users?edit=${demo.userId}`, admin: true },
  { route: "/admin/consultations", path: () => "/admin/consultations", admin: true },
  { route: "/admin/consultations", path: (demo) => `/admin/consultations?view=${demo.consultationId}`, admin: true },
  { route: "/admin/consultants", path: () => "/admin/consultants", admin: true },
  { route: "/admin/consultations/week", path: () => "/admin/consultations/week", admin: true },
  { route: "/admin/seminars", path: () => "/admin/seminars", admin: true },
  { route: "/admin/seminars", path: () => "/admin/seminars?create=1", admin: true },
  { route: "/admin/seminars/:seminarId/waitlist", path: (demo) => `/admin/seminars/${demo.adminSeminarId}/waitlist`, admin: true },
  { route: "/admin/bookings", path: () => "/admin/bookings", admin: true },
  { route: "/admin/bookings", path: () => `/admin/bookings?q=${noMatch}`, admin: true },
  { route: "/admin/check-in/:seminarId", path: (demo) => `/admin/check-in/${demo.adminSeminarId}`, admin: true },
  { route: "/admin/outbox", path: () => "/admin/outbox", admin: true },
  { route: "/admin/outbox", path: (demo) => `/admin/outbox?email=${demo.outboxEmailId}`, admin: true },
  { route: "/admin/activity", path: () => "/admin/activity", admin: true },
  { route: "/admin/profile", path: () => "/admin/profile", admin: true },
  { route: "/admin/blog", path: () => "/admin/blog", admin: true },
  { route: "/admin/blog/new", path: () => "/admin/blog/new", admin: true },
  { route: "/admin/blog/:postId", path: (demo) => `/admin/blog/${demo.adminPostId}`, admin: true },
];

function firstMatch(html: string, pattern: RegExp, what: string): string {
  const found = pattern.exec(html)?.[0];
  if (!found) throw new Error(`No ${what} found`);
  return found;
}

function readable(messages: Message[]): string[] {
  return messages.map((message) => `${message.ruleId} (${message.line}:${message.column}): ${message.message} [${message.selector ?? ""}]`);
}

/** A page's HTML as the server sends it to a visitor (no cookies). */
async function page(path: string, status = 200): Promise<string> {
  const response = await fetch(`${baseURL()}${path}`);
  expect(response.status, path).toBe(status);
  return response.text();
}

/** A page's status, where redirects ended, and its HTML: as a visitor gets it, or with `signedIn`'s cookies. */
async function fetchHtml(address: string, signedIn?: APIRequestContext): Promise<{ status: number; finalPath: string; html: string }> {
  if (signedIn) {
    const response = await signedIn.get(address);
    return { status: response.status(), finalPath: new URL(response.url()).pathname, html: await response.text() };
  }
  const response = await fetch(`${baseURL()}${address}`);
  return { status: response.status, finalPath: new URL(response.url).pathname, html: await response.text() };
}

describe("the list of checks", () => {
  it("covers every page route in app/routes.ts", () => {
    const { missing, unknown } = routeCoverage(checks.map((check) => check.route));
    expect(missing, `Page routes without an HTML check: add an entry to \`checks\` in ${path.basename(import.meta.filename)}`).toEqual([]);
    expect(unknown, "Checks for routes that app/routes.ts no longer has").toEqual([]);
  });

  it("leaves out only resource routes (no component to render)", async () => {
    expect(await resourceRoutesThatRender(), "listed as resource routes but render a page: check them instead").toEqual([]);
  });
});

describe("every page's HTML", () => {
  const browser = useBrowser();
  let admin: TestPage;
  let adminRequest: APIRequestContext;
  let demo: Demo;

  beforeAll(async () => {
    admin = await openPage(browser(), { consent: true });
    adminRequest = admin.context.request;
    await signInAsAdmin(admin.page);
    const { page: tab } = admin;

    const userEdit = await firstHref(tab, "/admin/users", 'tbody a[href*="edit="]', "a user");
    const consultation = await firstHref(tab, "/admin/consultations", 'tbody a[href*="view="]', "a consultation");
    const paidConsultation = await firstHref(tab, "/admin/consultations?type=paid", 'tbody a[href*="view="]', "a paid consultation");
    const adminSeminar = await firstHref(tab, "/admin/seminars", 'a[href*="edit="]', "a seminar");
    const adminPost = await firstHref(tab, "/admin/blog", 'tbody a[href^="/admin/blog/"]', "a blog post");
    const seminarBooking = await bookableSeminarHref(tab);
    const blogPost = await firstHref(tab, "/blog", 'main a[href^="/blog/"]:not([href$=".xml"])', "a blog post");

    // A paid booking, with its ticket and manage link from the confirmation e-mail, and one left at the checkout.
    const buyer = `html.paid.${Date.now()}@example.com`;
    await startTestCheckout(tab, seminarBooking, buyer);
    const paymentSuccess = await payTestCheckout(tab);
    const testCheckout = await startTestCheckout(tab, seminarBooking, `html.checkout.${Date.now()}@example.com`);
    const confirmation = await findOutboxEmail(tab, { to: buyer, kind: "seminar-booking-confirmed" });
    const ticket = firstMatch(confirmation.text, /\/tickets\/[A-Za-z0-9_-]{22,}/, "ticket link in the confirmation");
    const manageBooking = firstMatch(confirmation.text, /\/bookings\/[A-Za-z0-9._-]+/, "manage link in the confirmation");
    const outboxEmail = await firstHref(tab, "/admin/outbox", 'tbody a[href*="email="]', "an e-mail");

    demo = {
      seminarBooking,
      seminarId: seminarBooking.split("/").pop()!,
      blogPost,
      consultationPay: `/consultations/pay/${paramOf(paidConsultation, "view")}`,
      testCheckout,
      paymentSuccess,
      ticket,
      manageBooking,
      userId: paramOf(userEdit, "edit"),
      consultationId: paramOf(consultation, "view"),
      adminSeminarId: paramOf(adminSeminar, "edit"),
      adminPostId: adminPost.split("/").pop()!,
      outboxEmailId: paramOf(outboxEmail, "email"),
    };
  }, 120_000);

  afterAll(async () => {
    // The checkout's seat goes back, so the seminar journeys find the seats they expect.
    if (demo) {
      await admin.page.goto(demo.testCheckout);
      await admin.page.getByRole("button", { name: "Cancel" }).click();
      await admin.page.waitForURL((url) => url.pathname === "/events");
    }
    await admin?.close();
  });

  it.each(checks.map((check, index) => [`${check.admin ? "admin " : ""}${check.route} (${index + 1})`, check] as const))(
    "%s is valid HTML",
    async (_name, check) => {
      const address = check.path(demo);
      const { status, finalPath, html } = await fetchHtml(address, check.admin ? adminRequest : undefined);
      expect(status, address).toBe(check.status ?? 200);
      if (check.admin) expect(finalPath, `${address}: not signed in`).not.toBe("/admin/login");
      const report = await (check.admin ? adminValidator : publicValidator).validateString(html, address);
      expect(readable(findings(report.results.flatMap((result) => result.messages))), address).toEqual([]);
    },
  );
});

describe("what the site offers parsers", () => {
  it("offers the blog feed for autodiscovery on the home page, /blog and every post", async () => {
    const post = firstMatch(await page("/blog"), /\/blog\/[0-9a-f-]{36}\/[a-z0-9-]+/, "blog post link");
    for (const path of ["/", "/blog", post]) {
      expect(await page(path), path).toMatch(/<link\b[^>]*\brel="alternate"[^>]*\btype="application\/rss\+xml"[^>]*\bhref="\/blog\/rss\.xml"/);
    }
  });
});

describe("the validator", () => {
  const sample = (body: string) => `<!DOCTYPE html><html lang="en"><head><title>t</title></head><body>${body}</body></html>`;

  it("finds a <style> inside a <noscript> in the body", async () => {
    const report = await publicValidator.validateString(sample("<noscript><style>p{}</style></noscript>"), "sample");
    expect(report.valid).toBe(false);
  });

  it("finds a <legend> that is not its fieldset's first child", async () => {
    const fieldset = '<form><fieldset><div><a href="/blog">Clear all</a></div><legend>Filter by topic</legend><label><input type="checkbox" name="tag" value="visas"> Visas</label></fieldset><button type="submit">Apply</button></form>';
    const report = await publicValidator.validateString(sample(fieldset), "sample");
    expect(readable(report.results.flatMap((result) => result.messages)).join("\n")).toMatch(/^element-permitted-order/m);
  });
});
