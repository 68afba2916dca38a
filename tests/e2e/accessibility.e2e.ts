import path from "node:path";
import type { Cookie, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { signInAsAdmin } from "./support/admin.ts";
// Aliased: useBrowser is a Vitest fixture, not a React hook (the hooks lint rule goes by the name).
import { eventually, axeViolations, openPage, useBrowser as launchBrowser, waitForHydration, type TestPage, type ViewportName } from "./support/browser.ts";
import { bookableSeminarHref, firstHref, paramOf, payTestCheckout, startTestCheckout } from "./support/demo-data.ts";
import { resourceRoutesThatRender, routeCoverage } from "./support/routes.ts";

// WCAG 2.2 AA (issue #8): axe-core on every page of app/routes.ts, public and admin, at a
// phone's and a desktop's width, and in the states that matter: menus and dialogs open,
// forms showing their errors, empty lists. The list of scans is checked against the route
// table, so a new page cannot be left out.
//
// Scans run with reduced motion: the fade-in blocks below the fold are then visible (axe
// skips transparent content) and no transition blends colours mid-scan. Motion itself is
// checked in keyboard.e2e.ts.

const browser = launchBrowser();
const viewportNames: ViewportName[] = ["mobile", "desktop"];
/** Browser tabs scanning at once. */
const SCAN_TABS = 2;

function viewportsOf(scan: Scan): readonly ViewportName[] {
  return scan.viewports ?? (scan.prepare ? [scan.admin ? "desktop" : "mobile"] : viewportNames);
}


/** Ids of real records, found through the lists before the scans start. */
type Demo = {
  seminarBooking: string;
  seminarId: string;
  blogPost: string;
  consultationPay: string;
  testCheckout: string;
  paymentSuccess: string;
  userId: string;
  userWithConsultations: string;
  userWithSeminars: string;
  consultationId: string;
  adminSeminarId: string;
  adminPostId: string;
  outboxEmailId: string;
};

type Scan = {
  /** The route's path in app/routes.ts that this scan covers. */
  route: string;
  /** What is on screen. */
  state: string;
  path: (demo: Demo) => string;
  admin?: boolean;
  /** The document's expected HTTP status (200 unless told). */
  status?: number;
  /** Pages are scanned at both widths; a state at one (public: the phone, admin: the desktop) unless listed. */
  viewports?: readonly ViewportName[];
  /** Brings the page into the state to scan: opens a dialog, sends an empty form. */
  prepare?: (page: Page, viewport: ViewportName) => Promise<void>;
  /** Opened without the consent cookie, so the cookie banner is part of the scan. */
  newVisitor?: boolean;
  /** Undoes what the state left behind (a held seat). */
  cleanup?: (page: Page) => Promise<void>;
};

const dialog = (page: Page, name?: string | RegExp) => page.getByRole("dialog", name ? { name } : {});
const waitForDialog = async (page: Page, name?: string | RegExp) => dialog(page, name).waitFor();
/** Sends a form past the browser's own checks, so the server's messages show. */
async function sendWithoutBrowserChecks(page: Page, button: { name: string | RegExp }) {
  const submit = page.getByRole("button", { ...button, exact: typeof button.name === "string" });
  await submit.evaluate((element) => {
    const form = (element as HTMLButtonElement).form;
    if (form) form.noValidate = true;
  });
  await submit.click();
}
const noMatch = "zzqx-nothing-matches";

const scans: Scan[] = [
  // Public pages.
  { route: "/", state: "home, a new visitor (cookie banner)", path: () => "/", newVisitor: true },
  {
    route: "/",
    state: "home, mobile menu open",
    path: () => "/",
    viewports: ["mobile"],
    prepare: async (page) => {
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.locator("#mobile-menu").waitFor();
    },
  },
  { route: "/about", state: "about", path: () => "/about" },
  {
    route: "/about",
    state: "about, intro video dialog open",
    path: () => "/about",
    prepare: async (page) => {
      await page.getByRole("button", { name: /^Watch Video of / }).first().click();
      await waitForDialog(page, /^Meet /);
    },
  },
  { route: "/services", state: "services", path: () => "/services" },
  {
    route: "/services",
    state: "services, another service chosen (the overlay on a phone)",
    path: () => "/services",
    viewports: viewportNames,
    prepare: async (page, viewport) => {
      await page.getByRole("tab", { name: /Vehicle/ }).click();
      if (viewport === "mobile") await waitForDialog(page);
    },
  },
  { route: "/packages", state: "packages", path: () => "/packages" },
  { route: "/legal", state: "legal, privacy", path: () => "/legal" },
  {
    route: "/legal",
    state: "legal, cookie policy tab",
    path: () => "/legal",
    prepare: async (page) => {
      await page.getByRole("tab", { name: /Cookie/ }).click();
      await eventually(() => page.getByRole("tab", { name: /Cookie/ }).getAttribute("aria-selected")).toBe("true");
    },
  },
  { route: "/events", state: "events", path: () => "/events" },
  {
    route: "/events",
    state: "events, location filter open",
    path: () => "/events",
    prepare: async (page) => {
      await page.getByRole("button", { name: /^Locations:/ }).click();
      await page.getByRole("checkbox").first().waitFor();
    },
  },
  {
    route: "/events",
    state: "events, date filter open",
    path: () => "/events",
    prepare: async (page) => {
      await page.getByRole("button", { name: "Select dates" }).click();
      await page.getByLabel("From", { exact: true }).waitFor();
    },
  },
  { route: "/events", state: "events, nothing matches", path: () => `/events?q=${noMatch}` },
  { route: "/events/book/:seminarId", state: "seminar booking", path: (demo) => demo.seminarBooking },
  {
    route: "/events/book/:seminarId",
    state: "seminar booking, empty form sent",
    path: (demo) => demo.seminarBooking,
    prepare: async (page) => {
      await page.getByRole("button", { name: "Reserve My Seat" }).click();
      await page.getByText("Please correct the highlighted fields.").first().waitFor();
    },
  },
  {
    route: "/events/book/:seminarId",
    state: "seminar booking, payment dialog open",
    path: (demo) => demo.seminarBooking,
    prepare: async (page) => {
      await page.getByLabel(/^First name/).fill("Ayanda");
      await page.getByLabel(/^Last name/).fill("Zulu");
      await page.getByLabel(/^E-mail address/).fill(`a11y.dialog.${Date.now()}@example.com`);
      await page.getByLabel(/^Phone number/).fill("+27 82 555 0177");
      await page.getByRole("button", { name: "Reserve My Seat" }).click();
      await waitForDialog(page, "Your seat is reserved");
    },
    // The seat goes back, so the seminar journeys find the seats they expect.
    cleanup: async (page) => {
      await dialog(page, "Your seat is reserved").getByRole("button", { name: "Cancel" }).click();
      await page.waitForURL((url) => url.pathname === "/events");
    },
  },
  { route: "/events/book/:seminarId", state: "unknown seminar (404)", path: () => "/events/book/00000000-0000-4000-8000-000000000000", status: 404 },
  { route: "/events/:seminarId", state: "old cancel address, redirected to the booking page", path: (demo) => `/events/${demo.seminarId}` },
  { route: "/consultations", state: "consultations", path: () => "/consultations" },
  { route: "/consultations/book", state: "paid consultation: the time picker", path: () => "/consultations/book" },
  {
    route: "/consultations/book",
    state: "paid consultation: the time picker, empty form sent",
    path: () => "/consultations/book",
    // Checked in the browser before anything is posted: the forms' rate limit is not touched.
    prepare: async (page) => {
      await page.getByRole("button", { name: "Continue to Payment" }).click();
      await page.getByRole("group", { name: "There is a problem with your details" }).waitFor();
    },
  },
  {
    route: "/consultations/book",
    state: "paid consultation: the request form, empty form sent",
    path: () => "/consultations/book?request",
    prepare: async (page) => {
      await page.getByRole("button", { name: "Request My Consultation" }).click();
      await page.getByRole("group", { name: "There is a problem with your details" }).waitFor();
    },
  },
  { route: "/consultations/book-free", state: "free call: the time picker", path: () => "/consultations/book-free" },
  {
    route: "/consultations/book-free",
    state: "free call: the time picker, empty form sent",
    path: () => "/consultations/book-free",
    prepare: async (page) => {
      await page.getByRole("button", { name: "Book My Free Call" }).click();
      await page.getByRole("group", { name: "There is a problem with your details" }).waitFor();
    },
  },
  { route: "/consultations/book-free", state: "free call: the request form", path: () => "/consultations/book-free?request" },
  { route: "/consultations/pay/:bookingId", state: "pay for a consultation", path: (demo) => demo.consultationPay },
  { route: "/consultations/pay/:bookingId", state: "unknown consultation (404)", path: () => "/consultations/pay/00000000-0000-4000-8000-000000000000", status: 404 },
  { route: "/blog", state: "blog", path: () => "/blog" },
  {
    route: "/blog",
    state: "blog, filters open",
    path: () => "/blog",
    prepare: async (page) => {
      const toggle = page.getByRole("button", { name: /^Filters/ });
      if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
      await eventually(() => toggle.getAttribute("aria-expanded")).toBe("true");
    },
  },
  { route: "/blog", state: "blog, nothing matches", path: () => `/blog?q=${noMatch}` },
  { route: "/blog/:postId/:slug?", state: "blog post", path: (demo) => demo.blogPost },
  { route: "/payment-success", state: "payment success, a paid session", path: (demo) => demo.paymentSuccess },
  { route: "/payment-success", state: "payment success, no session", path: () => "/payment-success" },
  { route: "/checkout/test/:sessionId", state: "test checkout", path: (demo) => demo.testCheckout },
  // With PayFast configured, its hop page is scanned at both widths by the PayFast journeys (payfast.e2e.ts).
  { route: "/checkout/payfast/:sessionId", state: "PayFast checkout, closed or unknown (404)", path: () => "/checkout/payfast/pf_unknown", status: 404 },
  { route: "/*", state: "page not found (404)", path: () => "/no-such-page/anywhere", status: 404 },
  { route: "/business-card", state: "business card", path: () => "/business-card" },
  // A ticket with its QR code is scanned at both widths by the group booking journey (group-booking.e2e.ts).
  { route: "/tickets/:code", state: "unknown ticket (404)", path: () => "/tickets/AAAAAAAAAAAAAAAAAAAAAAAA", status: 404 },
  // A real booking's manage page is scanned at both widths by its journey (manage-booking.e2e.ts).
  { route: "/bookings/:token", state: "forged manage link (404)", path: () => "/bookings/00000000-0000-4000-8000-000000000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", status: 404 },
  // A real consultation's manage page is scanned at both widths by its journey (consultation-slots.e2e.ts).
  {
    route: "/consultations/manage/:token",
    state: "forged manage link (404)",
    path: () => "/consultations/manage/00000000-0000-4000-8000-000000000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    status: 404,
  },
  // A real offer is scanned at both widths in the waitlist journey (tests/e2e/waitlist.e2e.ts).
  { route: "/waitlist/offer/:token", state: "unknown offer (404)", path: () => "/waitlist/offer/not-a-token", status: 404 },
  { route: "/admin/login", state: "admin sign-in", path: () => "/admin/login" },
  {
    route: "/admin/login",
    state: "admin sign-in, wrong password",
    path: () => "/admin/login",
    prepare: async (page) => {
      await page.getByLabel("E-mail address").fill("nobody@example.com");
      await page.getByLabel("Password").fill("not the right passphrase");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.getByRole("alert").filter({ hasText: "Invalid e-mail or password." }).waitFor();
    },
  },
  { route: "/admin/login", state: "admin sign-up view", path: () => "/admin/login?view=sign_up", viewports: ["mobile"] },
  { route: "/admin/login", state: "admin forgotten password view", path: () => "/admin/login?view=forgotten_password", viewports: ["mobile"] },
  {
    route: "/admin/login",
    state: "admin magic link view, empty e-mail sent",
    path: () => "/admin/login?view=magic_link",
    prepare: async (page) => {
      await page.getByRole("button", { name: "Send magic link" }).click();
      await page.getByRole("alert").filter({ hasText: "Please enter your e-mail address" }).waitFor();
    },
  },
  { route: "/admin/login", state: "admin new password view, expired link", path: () => "/admin/login?view=update_password&error=INVALID_TOKEN", viewports: ["desktop"] },
  { route: "/admin/login", state: "admin one-time code view", path: () => "/admin/login?view=verify_otp", viewports: ["desktop"] },

  // Admin pages (signed in).
  { route: "/admin", state: "admin home, redirected to the dashboard", path: () => "/admin", admin: true },
  { route: "/admin/dashboard", state: "dashboard", path: () => "/admin/dashboard", admin: true },
  { route: "/admin/statement", state: "this month's statement", path: () => "/admin/statement", admin: true },
  { route: "/admin/statement", state: "a month's statement without entries", path: () => "/admin/statement?month=2001-01", admin: true, viewports: ["mobile"] },
  { route: "/admin/users", state: "users", path: () => "/admin/users", admin: true },
  { route: "/admin/users", state: "users, nothing matches", path: () => `/admin/users?q=${noMatch}`, admin: true },
  {
    route: "/admin/users",
    state: "create user dialog, empty form sent",
    path: () => "/admin/users?new=1",
    admin: true,
    prepare: async (page) => {
      await waitForDialog(page, "Create New User");
      await dialog(page).getByRole("button", { name: "Create User" }).click();
      await eventually(() => dialog(page).locator("[aria-invalid=true]").count()).toBeGreaterThan(0);
    },
  },
  { route: "/admin/users", state: "edit user dialog", path: (demo) => `/admin/users?edit=${demo.userId}`, admin: true, prepare: (page) => waitForDialog(page, "Edit User Details") },
  { route: "/admin/users", state: "delete user dialog", path: (demo) => `/admin/users?delete=${demo.userId}`, admin: true, prepare: (page) => waitForDialog(page, "Delete User") },
  {
    route: "/admin/users",
    state: "a user's consultations dialog",
    path: (demo) => `/admin/users?consultations=${demo.userWithConsultations}`,
    admin: true,
    prepare: (page) => waitForDialog(page, /^Consultations of /),
  },
  {
    route: "/admin/users",
    state: "a user's seminar bookings dialog",
    path: (demo) => `/admin/users?seminars=${demo.userWithSeminars}`,
    admin: true,
    prepare: (page) => waitForDialog(page),
  },
  { route: "/admin/consultations", state: "consultations", path: () => "/admin/consultations", admin: true },
  { route: "/admin/consultations", state: "consultations, nothing matches", path: () => `/admin/consultations?q=${noMatch}`, admin: true },
  {
    route: "/admin/consultations",
    state: "consultations, type and status filters open",
    path: () => "/admin/consultations",
    admin: true,
    prepare: async (page) => {
      await page.getByRole("button", { name: /^Type/ }).click();
      await page.getByRole("radio", { name: "PAID" }).waitFor();
    },
  },
  {
    route: "/admin/consultations",
    state: "book consultation dialog, empty form sent",
    path: () => "/admin/consultations?new=1",
    admin: true,
    prepare: async (page) => {
      await waitForDialog(page, "Book Consultation");
      await dialog(page).getByRole("button", { name: "Book Consultation" }).click();
      await dialog(page).getByText("Please select a user").first().waitFor();
    },
  },
  {
    route: "/admin/consultations",
    state: "consultation details dialog",
    path: (demo) => `/admin/consultations?view=${demo.consultationId}`,
    admin: true,
    prepare: (page) => waitForDialog(page, /^Consultation: /),
  },
  {
    route: "/admin/consultations",
    state: "delete consultation dialog",
    path: (demo) => `/admin/consultations?delete=${demo.consultationId}`,
    admin: true,
    prepare: (page) => waitForDialog(page),
  },
  { route: "/admin/consultants", state: "consultants", path: () => "/admin/consultants", admin: true },
  { route: "/admin/consultations/week", state: "the week calendar", path: () => "/admin/consultations/week", admin: true },
  {
    route: "/admin/consultants",
    state: "add consultant dialog, empty form sent",
    path: () => "/admin/consultants?new=1",
    admin: true,
    prepare: async (page) => {
      await waitForDialog(page, "Add Consultant");
      await dialog(page).getByRole("button", { name: "Add Consultant" }).click();
      await dialog(page).getByText("Please enter the consultant's name.").waitFor();
    },
  },
  { route: "/admin/seminars", state: "seminars", path: () => "/admin/seminars", admin: true },
  { route: "/admin/seminars", state: "seminars, nothing matches", path: () => `/admin/seminars?q=${noMatch}`, admin: true },
  {
    route: "/admin/seminars",
    state: "create seminar dialog, empty form sent",
    path: () => "/admin/seminars?create=1",
    admin: true,
    prepare: async (page) => {
      await waitForDialog(page, "Create Seminar");
      await sendWithoutBrowserChecks(page, { name: "Create Seminar" });
      await eventually(() => dialog(page).locator("[aria-invalid=true]").count()).toBeGreaterThan(0);
    },
  },
  { route: "/admin/seminars", state: "edit seminar dialog", path: (demo) => `/admin/seminars?edit=${demo.adminSeminarId}`, admin: true, prepare: (page) => waitForDialog(page, "Edit Seminar") },
  {
    route: "/admin/seminars",
    state: "manage attendees dialog",
    path: (demo) => `/admin/seminars?attendees=${demo.adminSeminarId}`,
    admin: true,
    prepare: (page) => waitForDialog(page),
  },
  { route: "/admin/seminars/:seminarId/waitlist", state: "a seminar's waitlist", path: (demo) => `/admin/seminars/${demo.adminSeminarId}/waitlist`, admin: true, viewports: ["mobile", "desktop"] },
  { route: "/admin/seminars", state: "delete seminar dialog", path: (demo) => `/admin/seminars?delete=${demo.adminSeminarId}`, admin: true, prepare: (page) => waitForDialog(page) },
  { route: "/admin/bookings", state: "seminar bookings", path: () => "/admin/bookings", admin: true },
  {
    route: "/admin/bookings",
    state: "seminar bookings, the seminar picker open",
    path: () => "/admin/bookings",
    admin: true,
    prepare: async (page) => {
      await page.getByRole("combobox", { name: "Seminar", exact: true }).focus();
      await page.keyboard.press("ArrowDown");
      await page.getByRole("listbox", { name: "Seminar", exact: true }).waitFor();
    },
  },
  // The venue door (docs/decisions/025): made for a phone, so every state at both widths.
  { route: "/admin/check-in/:seminarId", state: "door check-in", path: (demo) => `/admin/check-in/${demo.adminSeminarId}`, admin: true, viewports: viewportNames },
  {
    route: "/admin/check-in/:seminarId",
    state: "door check-in, an unknown code answered, the camera asked for",
    path: (demo) => `/admin/check-in/${demo.adminSeminarId}`,
    admin: true,
    viewports: viewportNames,
    prepare: async (page) => {
      await page.getByLabel("Ticket code").fill("A".repeat(24));
      await page.getByRole("button", { name: "Check in", exact: true }).click();
      await page.getByTestId("door-headline").getByText("Ticket not found").waitFor();
      await page.getByRole("button", { name: "Scan with camera" }).click();
      await eventually(() => page.getByTestId("scanner-status").textContent()).not.toBe("");
    },
  },
  { route: "/admin/check-in/:seminarId", state: "door check-in, no name matches", path: (demo) => `/admin/check-in/${demo.adminSeminarId}?q=${noMatch}`, admin: true, viewports: viewportNames },
  { route: "/admin/bookings", state: "seminar bookings, nothing matches", path: () => `/admin/bookings?q=${noMatch}`, admin: true },
  { route: "/admin/bookings", state: "seminar bookings, oldest page", path: () => "/admin/bookings?last=1", admin: true },
  { route: "/admin/outbox", state: "outbox", path: () => "/admin/outbox", admin: true },
  { route: "/admin/outbox", state: "outbox, oldest page (First, Newer, Older, Last)", path: () => "/admin/outbox?last=1", admin: true },
  { route: "/admin/outbox", state: "one e-mail", path: (demo) => `/admin/outbox?email=${demo.outboxEmailId}`, admin: true },
  { route: "/admin/activity", state: "activity", path: () => "/admin/activity", admin: true },
  { route: "/admin/activity", state: "activity, nothing matches", path: () => `/admin/activity?q=${noMatch}`, admin: true },
  { route: "/admin/profile", state: "profile", path: () => "/admin/profile", admin: true },
  {
    route: "/admin/profile",
    state: "profile, both forms sent empty (checked in the browser: nothing changes)",
    path: () => "/admin/profile",
    admin: true,
    viewports: viewportNames,
    prepare: async (page) => {
      await page.getByLabel(/^Name/).fill("");
      await page.getByRole("button", { name: "Save name" }).click();
      await page.getByRole("button", { name: "Change password" }).click();
      await eventually(() => page.locator("[aria-invalid=true]").count()).toBe(4);
    },
  },
  { route: "/admin/blog", state: "blog posts", path: () => "/admin/blog", admin: true },
  {
    route: "/admin/blog",
    state: "delete post dialog",
    path: () => "/admin/blog",
    admin: true,
    prepare: async (page) => {
      await page.getByRole("button", { name: /^Delete “/ }).first().click();
      await waitForDialog(page, "Delete this post?");
    },
  },
  { route: "/admin/blog/new", state: "new post", path: () => "/admin/blog/new", admin: true },
  {
    route: "/admin/blog/new",
    state: "new post, empty form sent",
    path: () => "/admin/blog/new",
    admin: true,
    prepare: async (page) => {
      await sendWithoutBrowserChecks(page, { name: "Save draft" });
      await eventually(() => page.locator("[aria-invalid=true]").count()).toBeGreaterThan(0);
    },
  },
  { route: "/admin/blog/:postId", state: "edit post", path: (demo) => `/admin/blog/${demo.adminPostId}`, admin: true },
];

describe("the list of scans", () => {
  it("covers every page route in app/routes.ts", () => {
    const { missing, unknown } = routeCoverage(scans.map((scan) => scan.route));
    expect(missing, `Page routes without an accessibility scan: add an entry to \`scans\` in ${path.basename(import.meta.filename)}`).toEqual([]);
    expect(unknown, "Scans for routes that app/routes.ts no longer has").toEqual([]);
  });

  it("excludes only resource routes (no component to render)", async () => {
    expect(await resourceRoutesThatRender(), "listed as resource routes but render a page: scan them instead").toEqual([]);
  });
});

describe("axe-core (WCAG 2.2 A/AA) on every page and state", () => {
  let adminCookies: Cookie[] = [];
  let demo: Demo;

  beforeAll(async () => {
    const admin = await openPage(browser(), { consent: true });
    await signInAsAdmin(admin.page);
    adminCookies = await admin.context.cookies();
    const { page } = admin;

    const userEdit = await firstHref(page, "/admin/users", 'tbody a[href*="edit="]', "a user");
    const withConsultations = await firstHref(page, "/admin/users", 'tbody a[href*="consultations="]', "a user with consultations");
    const withSeminars = await firstHref(page, "/admin/users", 'tbody a[href*="seminars="]', "a user with seminar bookings");
    const consultation = await firstHref(page, "/admin/consultations", 'tbody a[href*="view="]', "a consultation");
    const paidConsultation = await firstHref(page, "/admin/consultations?type=paid", 'tbody a[href*="view="]', "a paid consultation");
    const adminSeminar = await firstHref(page, "/admin/seminars", 'a[href*="edit="]', "a seminar");
    const adminPost = await firstHref(page, "/admin/blog", 'tbody a[href^="/admin/blog/"]', "a blog post");
    const seminarBooking = await bookableSeminarHref(page);
    const blogPost = await firstHref(page, "/blog", 'main a[href^="/blog/"]:not([href$=".xml"])', "a blog post");

    // A paid booking (its confirmation is also an e-mail in the outbox), and one left at the checkout.
    await startTestCheckout(page, seminarBooking, `a11y.paid.${Date.now()}@example.com`);
    const paymentSuccess = await payTestCheckout(page);
    const testCheckout = await startTestCheckout(page, seminarBooking, `a11y.checkout.${Date.now()}@example.com`);
    const outboxEmail = await firstHref(page, "/admin/outbox", 'tbody a[href*="email="]', "an e-mail");
    await admin.close();

    demo = {
      seminarBooking,
      seminarId: seminarBooking.split("/").pop()!,
      blogPost,
      consultationPay: `/consultations/pay/${paramOf(paidConsultation, "view")}`,
      testCheckout,
      paymentSuccess,
      userId: paramOf(userEdit, "edit"),
      userWithConsultations: paramOf(withConsultations, "consultations"),
      userWithSeminars: paramOf(withSeminars, "seminars"),
      consultationId: paramOf(consultation, "view"),
      adminSeminarId: paramOf(adminSeminar, "edit"),
      adminPostId: adminPost.split("/").pop()!,
      outboxEmailId: paramOf(outboxEmail, "email"),
    };
  });

  it.each(viewportNames)("finds no violations on any page or state at %s width", async (viewport) => {
    const here = scans.filter((scan) => viewportsOf(scan).includes(viewport));
    const queue = [...here];
    const failures: string[] = [];
    let scanned = 0;

    // A few browser tabs at once, each with a visitor and a signed-in admin, take the scans in turn.
    async function worker() {
      const visitor = await openPage(browser(), { viewport, reducedMotion: "reduce", consent: true });
      const admin = await openPage(browser(), { viewport, reducedMotion: "reduce", consent: true });
      await admin.context.addCookies(adminCookies);
      try {
        for (let scan = queue.shift(); scan; scan = queue.shift()) {
          const problems = await scanOne(scan, viewport, scan.admin ? admin : visitor);
          if (problems.length > 0) failures.push(`${scan.route}: ${scan.state} (${scan.path(demo)})\n  ${problems.join("\n  ")}`);
          scanned++;
        }
      } finally {
        await visitor.close();
        await admin.close();
      }
    }

    async function scanOne(scan: Scan, viewport: ViewportName, shared: TestPage): Promise<string[]> {
      // The first scan of the home page is a new visitor's: the cookie banner is on it.
      const test = scan.newVisitor ? await openPage(browser(), { viewport, reducedMotion: "reduce" }) : shared;
      const { page, errors } = test;
      errors.length = 0;
      try {
        const address = scan.path(demo);
        const response = await page.goto(address);
        if (response?.status() !== (scan.status ?? 200)) return [`answered ${response?.status()}, expected ${scan.status ?? 200}`];
        if (scan.admin && new URL(page.url()).pathname === "/admin/login") return ["was sent to /admin/login: not signed in"];
        await waitForHydration(page);
        await scan.prepare?.(page, viewport);
        const violations = await axeViolations(page);
        await scan.cleanup?.(page);
        // Refusals the state asks for (404 pages, 422 answers) print a resource error; nothing else may.
        return [...violations, ...errors.filter((error) => !/status of 4\d\d/.test(error))];
      } catch (error) {
        return [`could not be scanned: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`];
      } finally {
        if (scan.newVisitor) await test.close();
      }
    }

    await Promise.all(Array.from({ length: SCAN_TABS }, () => worker()));
    expect(failures, `accessibility problems at ${viewport} width`).toEqual([]);
    expect(scanned).toBe(here.length);
    // A guard against a hang, not a speed check: some 85 scans per width on a busy 2-core CI machine.
  }, 480_000);
});
