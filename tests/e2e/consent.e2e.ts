import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeTrackers, TRACKER_HOSTS, type FakeTrackers } from "./support/fake-trackers.ts";
// Aliased: useBrowser is a Vitest fixture, not a React hook (the hooks lint rule goes by the name).
import { eventually, expectNoAxeViolations, openPage, useBrowser as launchBrowser, waitForHydration, waitForIdle, type TestPage, type ViewportName } from "./support/browser.ts";

// Cookie consent and tracking (docs/product.md §12, docs/decisions/010): nothing reaches Google
// or Meta before the visitor allows it, and after they do, the events docs/product.md §12 names
// reach each tracker the visitor allowed, with their parameters. The e2e server has both
// tracker ids set (global-setup.ts); the trackers are fakes on a local server.

const browser = launchBrowser();
const GA_ID = "G-TEST12345";
const PIXEL_ID = "1234567890123";

let trackers: FakeTrackers;
beforeAll(async () => {
  trackers = await startFakeTrackers();
});
afterAll(async () => {
  await trackers.close();
});
beforeEach(() => {
  trackers.hits.length = 0;
});


/**
 * A visitor whose tracker requests go to the fakes; every request to a tracker host is also
 * listed here, routed or not, and counted once it has been answered or has failed.
 */
async function visitor(options: { viewport?: ViewportName; javaScriptEnabled?: boolean; reducedMotion?: "reduce" } = {}) {
  const test = await openPage(browser(), options);
  await trackers.route(test.context);
  const trackerRequests: string[] = [];
  let trackerRequestsEnded = 0;
  test.context.on("request", (request) => {
    if (TRACKER_HOSTS.test(request.url())) trackerRequests.push(request.url());
  });
  const ended = (request: Request) => {
    if (TRACKER_HOSTS.test(request.url())) trackerRequestsEnded += 1;
  };
  test.context.on("requestfinished", ended);
  test.context.on("requestfailed", ended);
  return { ...test, trackerRequests, trackerRequestsOpen: () => trackerRequests.length - trackerRequestsEnded };
}

const banner = (page: Page) => page.getByRole("region", { name: "Cookies on this website" });
const settingsDialog = (page: Page) => page.getByRole("dialog", { name: "Cookie settings" });

async function consentCookie(test: TestPage) {
  return (await test.context.cookies()).find((cookie) => cookie.name === "thula_consent")?.value;
}

/** Tracker script elements and globals on the page. */
function trackerFootprint(page: Page) {
  return page.evaluate(() => ({
    scripts: [...document.querySelectorAll("script[src]")]
      .map((script) => script.getAttribute("src") ?? "")
      .filter((src) => /googletagmanager|facebook/.test(src)),
    dataLayer: "dataLayer" in window,
    fbq: "fbq" in window,
  }));
}

/** Clicks one of the banner's or the settings' submit buttons and waits for the page it reloads. */
async function submitAndReload(page: Page, click: () => Promise<void>) {
  await Promise.all([page.waitForEvent("load"), click()]);
  await waitForHydration(page);
}

/** Browses like a visitor: tracked buttons, a service, a booking form being filled. */
async function browseTrackedInteractions(page: Page) {
  await page.goto("/events");
  await waitForHydration(page);
  await page.getByRole("link", { name: "View Upcoming Events" }).click();
  await page.goto("/services");
  await waitForHydration(page);
  await page.getByRole("tab", { name: "Vehicle Finance" }).click();
  await eventually(() => new URL(page.url()).hash).toBe("#vehicle");
  await page.goto("/consultations/book-free");
  await waitForHydration(page);
  await page.getByLabel(/^First name/).fill("Thandi");
  await page.getByLabel(/^Last name/).fill("Dlamini");
  await page.getByLabel(/^E-mail address/).fill("thandi.consent@example.com");
  await page.getByLabel(/^Phone number/).fill("+27 82 555 0123");
}

/**
 * Resolves once the consent code has decided for this page, the page has been idle, and every
 * tracker request the browser sent has ended (a routed one has reached the fakes by then). The
 * consent root's effect runs before the root's hydration mark (children's effects first), and
 * tracker requests come only from the scripts it appends.
 */
async function trackersSettled(test: Awaited<ReturnType<typeof visitor>>) {
  await waitForHydration(test.page);
  await waitForIdle(test.page);
  await eventually(() => test.trackerRequestsOpen()).toBe(0);
}

async function expectNoTrackers(test: Awaited<ReturnType<typeof visitor>>) {
  await trackersSettled(test);
  expect(test.trackerRequests).toEqual([]);
  expect(trackers.hits).toEqual([]);
  expect(await trackerFootprint(test.page)).toEqual({ scripts: [], dataLayer: false, fbq: false });
}

const gaEvents = (name: string) => trackers.ga().filter((hit) => hit.en === name);
const metaEvents = (name: string) => trackers.meta().filter((hit) => hit.ev === name);

describe("before a choice and after 'Reject non-essential'", () => {
  it("shows the banner on every page and sends nothing to any tracker while the visitor browses", async () => {
    // Reduced motion: the home page's sections are shown at once, so axe sees them as they end up.
    const test = await visitor({ reducedMotion: "reduce" });
    const { page, errors, close } = test;
    await page.goto("/");
    await waitForHydration(page);
    await banner(page).waitFor();
    for (const name of ["Accept all", "Reject non-essential", "Choose"]) expect(await banner(page).getByRole("button", { name }).isVisible()).toBe(true);
    expect(await banner(page).getByRole("link", { name: "How we use cookies" }).getAttribute("href")).toBe("/legal#cookies");
    await expectNoAxeViolations(page);

    // The banner is in the HTML from the server (no flash) and the page's policy lists no tracker host.
    const response = await page.request.get("/about");
    expect(await response.text()).toContain("Cookies on this website");
    expect(response.headers()["content-security-policy"]).not.toMatch(/googletagmanager|facebook/);

    await browseTrackedInteractions(page);
    expect(await banner(page).isVisible()).toBe(true);
    await expectNoTrackers(test);
    expect(await consentCookie(test)).toBeUndefined();
    expect(errors).toEqual([]);
    await close();
  });

  it("'Reject non-essential' is remembered: no banner, still nothing sent", async () => {
    const test = await visitor({ viewport: "mobile" });
    const { page, errors, close } = test;
    await page.goto("/about");
    await waitForHydration(page);
    await submitAndReload(page, () => banner(page).getByRole("button", { name: "Reject non-essential" }).click());
    expect(new URL(page.url()).pathname).toBe("/about");
    expect(await consentCookie(test)).toBe("v1.a0.m0");
    expect(await banner(page).count()).toBe(0);

    await browseTrackedInteractions(page);
    await page.reload();
    await waitForHydration(page);
    expect(await banner(page).count()).toBe(0);
    await expectNoTrackers(test);
    expect(errors).toEqual([]);
    await close();
  });
});

describe("after 'Accept all'", () => {
  it("loads GA and the Meta pixel under the widened policy and sends page views, clicks, selections, form progress and a paid checkout", async () => {
    const test = await visitor();
    const { page, errors, close } = test;
    await page.goto("/events");
    await waitForHydration(page);
    await expectNoTrackers(test);

    await submitAndReload(page, () => banner(page).getByRole("button", { name: "Accept all" }).click());
    expect(new URL(page.url()).pathname).toBe("/events");
    expect(await consentCookie(test)).toBe("v1.a1.m1");
    expect(await banner(page).count()).toBe(0);
    // The fake scripts ran: the policy of the reloaded page allows their hosts (a violation would be a console error).
    await eventually(() => page.evaluate(() => Boolean((window as { __fakeGtag?: boolean }).__fakeGtag && (window as { __fakeFbevents?: boolean }).__fakeFbevents))).toBe(true);
    const scripts = (await trackerFootprint(page)).scripts;
    expect(scripts).toEqual([`https://www.googletagmanager.com/gtag/js?id=${GA_ID}`, "https://connect.facebook.net/en_US/fbevents.js"]);

    // One page view each for the reloaded page (no double from gtag's own page view).
    await eventually(() => gaEvents("page_view").length).toBe(1);
    expect(gaEvents("page_view")[0]).toMatchObject({ tid: GA_ID, params: { page_path: "/events", page_location: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/events$/) } });
    await eventually(() => metaEvents("PageView").length).toBe(1);
    expect(metaEvents("PageView")[0]!.id).toBe(PIXEL_ID);

    // button_click with its parameters (GA only).
    await page.getByRole("link", { name: "View Upcoming Events" }).click();
    await eventually(() => gaEvents("button_click").map((hit) => hit.params)).toContainEqual({
      button_name: "View Upcoming Events",
      button_location: "events hero",
      destination: "#upcoming-events",
    });
    expect(metaEvents("button_click")).toEqual([]);

    // A client-side route change is a new page view on both.
    await page.getByRole("contentinfo").getByRole("link", { name: "Our Services" }).click();
    await eventually(() => gaEvents("page_view").some((hit) => hit.params.page_path === "/services")).toBe(true);
    await waitForHydration(page);
    await eventually(() => metaEvents("PageView").length).toBeGreaterThanOrEqual(2);

    // service_selection with its parameters.
    await page.getByRole("tab", { name: "Vehicle Finance" }).click();
    await eventually(() => gaEvents("service_selection").map((hit) => hit.params)).toContainEqual({ service_name: "Vehicle Finance", service_id: "vehicle" });

    // A seminar booking: the funnel from the booking page to the payment.
    await page.goto("/events");
    const reserve = page.getByRole("link", { name: "Reserve Your Spot" }).nth(4);
    const href = (await reserve.getAttribute("href"))!;
    await page.goto(href);
    await waitForHydration(page);
    await eventually(() => metaEvents("ViewContent").map((hit) => hit.cd.content_category)).toContain("seminar");
    const seminarId = href.split("/").pop()!;
    expect(metaEvents("ViewContent")[0]!.cd.content_ids).toBe(JSON.stringify([seminarId]));
    const fee = Number((await page.getByTestId("booking-fee").textContent())!.trim().slice(1));

    // The pixel's calls as the page makes them: a field's input event calls fbq synchronously
    // (trackPixel → the sink → fbq), so once fill() returns, a report it caused has been made.
    await page.evaluate(() => {
      const fbq = (window as unknown as { fbq: { callMethod: (...args: unknown[]) => void } }).fbq;
      const calls: unknown[][] = ((window as unknown as { __pixelCalls: unknown[][] }).__pixelCalls = []);
      const callMethod = fbq.callMethod;
      fbq.callMethod = (...args: unknown[]) => {
        calls.push(args);
        callMethod.apply(fbq, args);
      };
    });
    const pixelCallsNamed = (name: string) => page.evaluate((wanted) => (window as unknown as { __pixelCalls: unknown[][] }).__pixelCalls.filter((args) => args[1] === wanted).length, name);
    await page.getByLabel(/^First name/).fill("Thandi");
    expect(await pixelCallsNamed("FormStart")).toBe(1);
    await eventually(() => metaEvents("FormStart").map((hit) => hit.cd)).toEqual([{ form_name: "seminar_booking" }]);
    await page.getByLabel(/^Last name/).fill("Dlamini");
    expect(await pixelCallsNamed("FormProgress")).toBe(0);
    // Three of the six tracked fields: 50 percent.
    await page.getByLabel(/^E-mail address/).fill(`thandi.consent.${Date.now()}@example.com`);
    await eventually(() => metaEvents("FormProgress").map((hit) => hit.cd.percent)).toEqual(["50"]);
    await page.getByLabel(/^Phone number/).fill("+27 82 555 0123");
    await page.getByLabel(/^Address/).fill("12 Florida Road, Durban");
    await page.getByLabel(/^Notes/).fill("Coming with my partner");
    await eventually(() => metaEvents("FormProgress").map((hit) => hit.cd.percent)).toEqual(["50", "100"]);
    expect(gaEvents("form_progress").map((hit) => hit.params)).toEqual([
      { form_name: "seminar_booking", percent: "50" },
      { form_name: "seminar_booking", percent: "100" },
    ]);
    expect(gaEvents("form_start")).toHaveLength(1);

    await page.getByRole("button", { name: "Reserve My Seat" }).click();
    const dialog = page.getByRole("dialog", { name: "Your seat is reserved" });
    await dialog.waitFor();
    await eventually(() => metaEvents("InitiateCheckout").map((hit) => hit.cd)).toEqual([{ value: String(fee), currency: "ZAR" }]);
    expect(metaEvents("Lead").map((hit) => hit.cd)).toEqual([{ content_name: "seminar_booking", value: String(fee), currency: "ZAR" }]);
    expect(gaEvents("form_submission").map((hit) => hit.params)).toEqual([{ form_name: "seminar_booking" }]);
    expect(gaEvents("begin_checkout").map((hit) => hit.params)).toEqual([{ value: String(fee), currency: "ZAR" }]);

    await dialog.getByRole("button", { name: "Pay" }).click();
    await eventually(() => new URL(page.url()).pathname.startsWith("/checkout/test/")).toBe(true);
    expect(metaEvents("AddPaymentInfo").map((hit) => hit.cd)).toEqual([{ value: String(fee), currency: "ZAR" }]);
    expect(gaEvents("add_payment_info")).toHaveLength(1);

    await page.getByRole("button", { name: "Pay" }).click();
    await eventually(() => new URL(page.url()).pathname).toBe("/payment-success");
    const sessionId = new URL(page.url()).searchParams.get("session_id")!;
    await page.getByRole("heading", { name: "Booking Confirmed" }).waitFor();
    await eventually(() => metaEvents("Purchase").map((hit) => ({ ...hit.cd, eid: hit.eid }))).toEqual([{ value: String(fee), currency: "ZAR", eid: sessionId }]);
    await eventually(() => gaEvents("purchase").map((hit) => hit.params)).toEqual([{ transaction_id: sessionId, value: String(fee), currency: "ZAR" }]);

    // Once per payment: showing the success page again reports nothing new.
    const metaPageViewsBefore = metaEvents("PageView").length;
    await page.reload();
    await waitForHydration(page);
    await eventually(() => gaEvents("page_view").filter((hit) => hit.params.page_path?.startsWith("/payment-success")).length).toBe(2);
    // A repeat Purchase would leave in the same flush as the reload's page views (lib/analytics.ts sends held events in order).
    await eventually(() => metaEvents("PageView").length).toBe(metaPageViewsBefore + 1);
    await trackersSettled(test);
    expect(metaEvents("Purchase")).toHaveLength(1);
    expect(gaEvents("purchase")).toHaveLength(1);

    expect(errors).toEqual([]);
    await close();
  });
});

describe("choosing and changing", () => {
  it("'Choose' with only Analytics loads GA and not Meta; the footer changes the choice, remembered across reloads", async () => {
    const test = await visitor();
    const { page, errors, close } = test;
    await page.goto("/packages");
    await waitForHydration(page);

    await banner(page).getByRole("button", { name: "Choose" }).click();
    const dialog = settingsDialog(page);
    await dialog.waitFor();
    const analytics = dialog.getByRole("checkbox", { name: "Analytics" });
    const marketing = dialog.getByRole("checkbox", { name: "Marketing" });
    expect(await analytics.isChecked()).toBe(false);
    expect(await marketing.isChecked()).toBe(false);
    await expectNoAxeViolations(page);
    // Escape closes the settings and keeps the banner (nothing chosen yet).
    await page.keyboard.press("Escape");
    await eventually(() => dialog.count()).toBe(0);
    expect(await banner(page).isVisible()).toBe(true);
    expect(await consentCookie(test)).toBeUndefined();

    await banner(page).getByRole("button", { name: "Choose" }).click();
    await analytics.check();
    await submitAndReload(page, () => dialog.getByRole("button", { name: "Save choices" }).click());
    expect(await consentCookie(test)).toBe("v1.a1.m0");
    await eventually(() => gaEvents("page_view").map((hit) => hit.params.page_path)).toEqual(["/packages"]);
    expect((await trackerFootprint(page)).scripts).toEqual([`https://www.googletagmanager.com/gtag/js?id=${GA_ID}`]);
    expect(await page.evaluate(() => "fbq" in window)).toBe(false);
    await page.getByRole("link", { name: "Select Package" }).first().click();
    await eventually(() => gaEvents("button_click").length).toBe(1);
    expect(gaEvents("button_click")[0]!.params).toMatchObject({ button_name: "Select Package", button_location: expect.stringMatching(/^packages_/) });
    expect(trackers.hits.filter((hit) => /facebook/.test(hit.url.hostname))).toEqual([]);
    expect(test.trackerRequests.filter((url) => /facebook/.test(url))).toEqual([]);
    expect((await test.context.cookies()).map((cookie) => cookie.name)).toContain("_ga");

    // From the footer: Analytics off, Marketing on.
    await page.goto("/about");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click();
    await dialog.waitFor();
    expect(await analytics.isChecked()).toBe(true);
    expect(await marketing.isChecked()).toBe(false);
    await analytics.uncheck();
    await marketing.check();
    const gaBefore = trackers.ga().length;
    await submitAndReload(page, () => dialog.getByRole("button", { name: "Save choices" }).click());
    expect(new URL(page.url()).pathname).toBe("/about");
    expect(await consentCookie(test)).toBe("v1.a0.m1");
    // GA is gone with its cookies; Meta loads.
    await eventually(() => metaEvents("PageView").length).toBe(1);
    expect((await trackerFootprint(page)).scripts).toEqual(["https://connect.facebook.net/en_US/fbevents.js"]);
    expect((await test.context.cookies()).map((cookie) => cookie.name).filter((name) => name.startsWith("_ga"))).toEqual([]);
    expect(trackers.ga().length).toBe(gaBefore);

    // Remembered: a reload keeps the choice and shows no banner.
    await page.reload();
    await waitForHydration(page);
    expect(await banner(page).count()).toBe(0);
    await eventually(() => metaEvents("PageView").length).toBe(2);
    expect(trackers.ga().length).toBe(gaBefore);

    // /legal#cookies shows the choice and changes it too: reject everything.
    await page.goto("/legal#cookies");
    await waitForHydration(page);
    const panel = page.getByRole("region", { name: "Your cookie settings" });
    expect(await panel.getByTestId("cookie-choice").textContent()).toBe("You allow marketing cookies as well as the strictly necessary ones.");
    expect(await panel.getByRole("checkbox", { name: "Marketing" }).isChecked()).toBe(true);
    await expectNoAxeViolations(page);
    const metaBefore = trackers.meta().length;
    await submitAndReload(page, () => panel.getByRole("button", { name: "Reject non-essential" }).click());
    expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe("/legal#cookies");
    expect(await consentCookie(test)).toBe("v1.a0.m0");
    expect((await test.context.cookies()).map((cookie) => cookie.name)).not.toContain("_fbp");
    await trackersSettled(test);
    expect(trackers.meta().length).toBe(metaBefore);
    expect(await trackerFootprint(page)).toEqual({ scripts: [], dataLayer: false, fbq: false });

    expect(errors).toEqual([]);
    await close();
  });

  it("fits a 390px screen and stays usable: the banner leaves the footer reachable", async () => {
    // Reduced motion: the home page's sections are shown at once, so axe sees them as they end up.
    const test = await visitor({ viewport: "mobile", reducedMotion: "reduce" });
    const { page, errors, close } = test;
    await page.goto("/");
    await waitForHydration(page);
    const box = (await banner(page).boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390);
    expect(box.height).toBeLessThan(844 * 0.3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const name of ["Accept all", "Reject non-essential", "Choose"]) {
      const button = (await banner(page).getByRole("button", { name }).boundingBox())!;
      expect(button.x + button.width).toBeLessThanOrEqual(390);
      expect(button.height).toBeGreaterThanOrEqual(44);
    }
    await expectNoAxeViolations(page);

    // At the very end of the page the footer's last links sit above the banner.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastLink = page.getByRole("contentinfo").getByRole("navigation", { name: "Legal" }).getByRole("link").last();
    await eventually(async () => (await lastLink.boundingBox())!.y + (await lastLink.boundingBox())!.height <= (await banner(page).boundingBox())!.y).toBe(true);

    // Keyboard: the banner comes first (before the skip link, as GOV.UK places it), its stops show a focus ring.
    await page.evaluate(() => window.scrollTo(0, 0));
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    const stops: (string | null | undefined)[] = [];
    for (let press = 0; press < 5; press++) {
      await page.keyboard.press("Tab");
      stops.push(await focused());
      expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe("none");
    }
    expect(stops).toEqual(["How we use cookies", "Accept all", "Reject non-essential", "Choose", "Skip to content"]);
    for (let press = 0; press < 3; press++) await page.keyboard.press("Shift+Tab");
    expect(await focused()).toBe("Accept all");
    await Promise.all([page.waitForEvent("load"), page.keyboard.press("Enter")]);
    expect(await consentCookie(test)).toBe("v1.a1.m1");
    expect(errors).toEqual([]);
    await close();
  });
});

describe("without JavaScript", () => {
  it("the banner is a plain form: 'Accept all' sets the cookie; 'Choose' leads to the settings on /legal#cookies", async () => {
    const test = await visitor({ javaScriptEnabled: false });
    const { page, close } = test;
    await page.goto("/about");
    await banner(page).getByRole("button", { name: "Choose" }).click();
    await eventually(() => new URL(page.url()).pathname + new URL(page.url()).hash).toBe("/legal#cookies");
    expect(await consentCookie(test)).toBeUndefined();
    const panel = page.getByRole("region", { name: "Your cookie settings" });
    await panel.getByRole("checkbox", { name: "Analytics" }).check();
    await panel.getByRole("button", { name: "Save choices" }).click();
    await eventually(() => consentCookie(test)).toBe("v1.a1.m0");
    expect(await banner(page).count()).toBe(0);
    // The footer's button needs scripting, so it is hidden; the Cookie Policy link is the way back.
    expect(await page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).isVisible()).toBe(false);

    const fresh = await visitor({ javaScriptEnabled: false });
    await fresh.page.goto("/events");
    await banner(fresh.page).getByRole("button", { name: "Accept all" }).click();
    await eventually(() => consentCookie(fresh)).toBe("v1.a1.m1");
    expect(new URL(fresh.page.url()).pathname).toBe("/events");
    expect(await banner(fresh.page).count()).toBe(0);
    await fresh.close();

    // No script ran, so nothing reached a tracker.
    expect(test.trackerRequests).toEqual([]);
    await close();
  });

  it("refuses a post that is not a choice, and a cross-site post", async () => {
    const test = await visitor();
    const bad = await test.page.request.post("/consent", { form: { choice: "everything" }, maxRedirects: 0 });
    expect(bad.status()).toBe(400);
    expect(bad.headers()["set-cookie"]).toBeUndefined();
    const forged = await test.page.request.post("/consent", { form: { choice: "all" }, headers: { origin: "https://evil.example" }, maxRedirects: 0 });
    expect(forged.status()).toBe(403);
    const offsite = await test.page.request.post("/consent", { form: { choice: "all", returnTo: "//evil.example/" }, maxRedirects: 0 });
    expect(offsite.status()).toBe(303);
    expect(offsite.headers()["location"]).toBe("/");
    await test.close();
  });
});
