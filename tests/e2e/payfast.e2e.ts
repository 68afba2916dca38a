import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPayfastServer, type PayfastServer } from "~/features/payments/testing/payfast-server.ts";
import { expectNoAxeViolations, useBrowser as launchBrowser, viewports, waitForHydration, type ViewportName } from "./support/browser.ts";
import { findOutboxEmail, signInAsAdmin } from "./support/admin.ts";
import { holdSeminarSeat } from "./support/demo-data.ts";
import { startSiteServer } from "./support/global-setup.ts";

// Paying the South African way (docs/decisions/028): the site runs with PayFast's settings
// pointing at a local stand-in played from PayFast's documentation
// (app/features/payments/testing/payfast-server.ts). A visitor goes from the payment dialog
// through our signed hop page to "PayFast's" page, pays, PayFast's notification reaches the
// site from 127.0.0.1, and the visitor lands on the confirmed page. TRUST_PROXY=loopback, so
// a notification relayed for another address is that address's, and refused.

const browser = launchBrowser();
let payfast: PayfastServer;
let site: Awaited<ReturnType<typeof startSiteServer>>;

beforeAll(async () => {
  payfast = await startPayfastServer();
  site = await startSiteServer({ ...payfast.env("127.0.0.1"), TRUST_PROXY: "loopback", SEAT_HOLDS_PER_ADDRESS: "1000" });
}, 180_000);
afterAll(async () => {
  await site?.stop();
  await payfast?.close();
}, 60_000);

async function visit(b: Browser, { viewport = "desktop", javaScriptEnabled = true }: { viewport?: ViewportName; javaScriptEnabled?: boolean } = {}) {
  const context = await b.newContext({ baseURL: site.baseURL, viewport: viewports[viewport], javaScriptEnabled });
  await context.addCookies([{ name: "thula_consent", value: "v1.a0.m0", url: site.baseURL }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { page, errors, close: () => context.close() };
}

const onPayfast = (page: Page) => page.waitForURL((url) => url.href.startsWith(`${payfast.url}/eng/process`));

async function firstSeminarHref(page: Page) {
  await page.goto("/events");
  return (await page.getByRole("link", { name: "Reserve Your Spot" }).first().getAttribute("href"))!;
}

/** Holds a seat and presses Pay; returns our hop page's address (the router may have fetched it as …/id.data). */
async function holdAndPay(page: Page, email: string): Promise<string> {
  const dialog = await holdSeminarSeat(page, await firstSeminarHref(page), email);
  const hop = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith("/checkout/payfast/"));
  await dialog.getByRole("button", { name: "Pay" }).click();
  const url = new URL((await hop).url());
  url.pathname = url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  return url.toString();
}

async function expectConfirmed(page: Page) {
  await page.waitForURL((url) => url.pathname === "/payment-success" && (url.searchParams.get("session_id") ?? "").startsWith("pf_"));
  await page.getByRole("heading", { level: 1, name: "Payment Successful!" }).waitFor();
  await page.getByRole("heading", { name: "Booking Confirmed" }).waitFor({ state: "visible" });
}

describe("a seminar seat paid through PayFast", () => {
  it("goes from the payment dialog through PayFast's page to the confirmed page", async () => {
    const { page, errors, close } = await visit(browser());
    const email = `payfast.seat.${Date.now()}@example.com`;
    await holdAndPay(page, email);
    await onPayfast(page);
    await page.getByRole("heading", { name: "PayFast sandbox" }).waitFor();
    const amount = (await page.getByTestId("payfast-amount").textContent())!;
    expect(amount).toMatch(/^R\d+\.\d{2}$/);
    await page.getByRole("button", { name: "Pay" }).click();
    await expectConfirmed(page);
    expect((await page.getByTestId("amount-paid").textContent())?.trim()).toBe(amount);
    expect(errors).toEqual([]);
    await close();

    // The confirmation PayFast's notification queued carries the booking's signed manage link, as every booking e-mail does.
    const admin = await visit(browser());
    await signInAsAdmin(admin.page);
    const confirmation = await findOutboxEmail(admin.page, { to: email, kind: "seminar-booking-confirmed" });
    expect(confirmation.text).toMatch(/\/bookings\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}/);
    await admin.close();
  });

  it.each(["mobile", "desktop"] as const)("works without JavaScript: the hop page's 'Continue to PayFast' button (%s; axe-clean)", async (viewport) => {
    const withScript = await visit(browser());
    const hop = await holdAndPay(withScript.page, `payfast.nojs.${viewport}.${Date.now()}@example.com`);
    await onPayfast(withScript.page);
    await withScript.close();

    const { page, close } = await visit(browser(), { viewport, javaScriptEnabled: false });
    const response = await page.goto(hop);
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "Pay with PayFast" }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    const csp = response!.headers()["content-security-policy"]!;
    expect(csp).toMatch(new RegExp(`form-action 'self' ${payfast.url.replace(/[.]/g, "\\.")}`));
    await page.getByRole("button", { name: "Continue to PayFast" }).click();
    await onPayfast(page);

    // axe needs scripting: the same page, its form's post to PayFast answered 204 (the browser stays put).
    const scanned = await visit(browser(), { viewport });
    await scanned.page.route(`${payfast.url}/**`, (route) => route.fulfill({ status: 204 }));
    await scanned.page.goto(hop);
    await scanned.page.getByRole("heading", { level: 1, name: "Pay with PayFast" }).waitFor();
    await expectNoAxeViolations(scanned.page);
    await scanned.close();

    await page.getByRole("button", { name: "Pay" }).click();
    await expectConfirmed(page);
    await close();
  });
});

describe("a paid consultation through PayFast", () => {
  it("pays the consultation from its pay page and lands on the confirmed page", async () => {
    const admin = await visit(browser());
    await signInAsAdmin(admin.page);
    await admin.page.goto("/admin/consultations?type=paid");
    const hrefs = await admin.page.locator('tbody a[href*="view="]').evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
    await admin.close();

    const { page, errors, close } = await visit(browser(), { viewport: "mobile" });
    let paid = false;
    for (const href of hrefs) {
      await page.goto(`/consultations/pay/${new URL(href, site.baseURL).searchParams.get("view")}`);
      const pay = page.getByRole("button", { name: /^Pay/ });
      if ((await pay.count()) === 0) continue;
      await waitForHydration(page);
      await pay.first().click();
      await onPayfast(page);
      await page.getByRole("button", { name: "Pay" }).click();
      await expectConfirmed(page);
      paid = true;
      break;
    }
    expect(paid, "a payable paid consultation in the demo data").toBe(true);
    expect(errors).toEqual([]);
    await close();
  });
});

describe("PayFast's notification on the site", () => {
  it("refuses one relayed for an address that is not PayFast's (TRUST_PROXY), and accepts PayFast's own", async () => {
    const { page, close } = await visit(browser());
    const hop = new URL(await holdAndPay(page, `payfast.source.${Date.now()}@example.com`));
    await onPayfast(page);
    const sessionId = hop.pathname.split("/").pop()!;
    const notification = payfast.notificationFor(payfast.accept(Object.fromEntries(hop.searchParams)));
    const send = (headers: Record<string, string> = {}) =>
      fetch(`${site.baseURL}/api/payments/payfast/notify`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body: notification });

    // The proxy (loopback, trusted) says the sender was 203.0.113.5: not one of PayFast's.
    expect((await send({ "x-forwarded-for": "203.0.113.5" })).status).toBe(200);
    await page.goto(`/payment-success?session_id=${sessionId}`);
    await page.getByRole("heading", { name: "We haven't received your payment yet" }).waitFor();

    // A hand-made notification is refused however it is sent.
    const forged = notification.replace(/signature=[0-9a-f]+/, `signature=${"a".repeat(32)}`);
    expect((await fetch(`${site.baseURL}/api/payments/payfast/notify`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: forged })).status).toBe(200);
    await page.goto(`/payment-success?session_id=${sessionId}`);
    await page.getByRole("heading", { name: "We haven't received your payment yet" }).waitFor();

    // PayFast's own, from 127.0.0.1: recorded.
    expect((await send()).status).toBe(200);
    await page.goto(`/payment-success?session_id=${sessionId}`);
    await page.getByRole("heading", { name: "Booking Confirmed" }).waitFor({ state: "visible" });

    // The hop page of a paid checkout posts nothing on any more.
    expect((await page.goto(hop.toString()))?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "This checkout is closed or does not exist" }).waitFor();
    await expectNoAxeViolations(page);
    await close();
  });
});
