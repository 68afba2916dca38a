import { request as httpRequest } from "node:http";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { START_TIMEOUT_MS } from "~/lib/app-start.ts";
import { eventually, isHydrated, openPage, useBrowser, waitForIdle, type TestPage } from "./support/browser.ts";
import { bookableSeminarHref, holdSeminarSeat } from "./support/demo-data.ts";

// A marketing page starts its scripts at the visitor's first input (app/lib/app-start.ts,
// docs/decisions/036): one who only reads downloads no JavaScript; the first touch, pointer
// move or key starts the app, and a button pressed before it was there is pressed again once
// it is. Driven with real input here (the other journeys stand in with a scroll event). What
// the scripts need is not in the HTML: the starter asks the page's address for it
// (`X-App-Start`), which keeps each page's HTML within TCP's first flight (docs/decisions/040).

const browser = useBrowser();

type Recording = TestPage & { scripts: string[]; fonts: string[]; starts: string[] };

/** Opens `path` and records every script and font the page asks for, and each ask for its start. */
async function openRecording(path: string, viewport: "mobile" | "desktop"): Promise<Recording> {
  const opened = await openPage(browser(), { viewport, consent: true });
  const scripts: string[] = [];
  const fonts: string[] = [];
  const starts: string[] = [];
  opened.page.on("request", (request) => {
    const file = new URL(request.url()).pathname;
    if (request.resourceType() === "script") scripts.push(file);
    if (request.resourceType() === "font") fonts.push(file);
    if (request.headers()["x-app-start"]) starts.push(file);
  });
  const response = await opened.page.goto(opened.url(path));
  expect(response?.status()).toBe(200);
  return { ...opened, scripts, fonts, starts };
}

/** "28 spots remaining" on each seminar card of /events, as numbers. */
const spotsShown = async (page: Page) => (await page.getByText(/^\d+ spots? remaining$/).allTextContents()).map((text) => Number.parseInt(text, 10));

const sum = (numbers: number[]) => numbers.reduce((total, number) => total + number, 0);

/**
 * What a page's HTML costs on the wire, as Brotli: the status line and headers, and the body.
 * Asked as a visitor who has made their cookie choice, so without the cookie banner: what the
 * bench's Lighthouse sees on a site that sets no trackers. The banner adds about 0.4 KB
 * (docs/decisions/040).
 */
function wireBytes(path: string): Promise<{ headers: number; body: number }> {
  return new Promise((resolve, reject) => {
    const headers = { "accept-encoding": "br", cookie: "thula_consent=v1.a0.m0" };
    const asked = httpRequest(`${inject("baseURL")}${path}`, { headers }, (response) => {
      expect(response.headers["content-encoding"]).toBe("br");
      const lines = [`HTTP/1.1 ${response.statusCode} ${response.statusMessage}`];
      for (let at = 0; at < response.rawHeaders.length; at += 2) lines.push(`${response.rawHeaders[at]}: ${response.rawHeaders[at + 1]}`);
      let body = 0;
      response.on("data", (chunk: Buffer) => (body += chunk.length));
      response.on("end", () => resolve({ headers: lines.join("\r\n").length + 4, body }));
      response.on("error", reject);
    });
    asked.on("error", reject);
    asked.end();
  });
}

/** TCP's first flight: the initial window of 10 segments of 1,460 bytes (RFC 6928), what Lighthouse's model sends before the first round trip ends. */
const FIRST_FLIGHT_BYTES = 10 * 1460;

/** A built font's file name without Vite's content hash: /assets/inter-core-nQWFyHbT.woff2 -> inter-core. */
const fontName = (file: string) => file.replace(/^\/assets\//, "").replace(/-[\w-]{8}\.woff2$/, "");

/** Lets the page finish loading and settle: whatever it would fetch on its own, it has asked for by then. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await waitForIdle(page);
}


describe("a first visit to a marketing page", () => {
  it.each(["/", "/events", "/consultations", "/blog", "/about", "/services"])("%s is read without downloading any JavaScript", async (path) => {
    const { page, scripts, fonts, starts, errors, close } = await openRecording(path, "mobile");
    try {
      await settle(page);
      expect(await page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
      expect(scripts).toEqual([]);
      // Nor the router's data: the HTML does not carry it, and nothing has asked for it yet.
      expect(starts).toEqual([]);
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
      // English copy needs only the small core fonts (app/fonts.css), each fetched once: Inter,
      // Fraunces at the headings' 600, and Fraunces at 400 where a page has quotations.
      const quotations = path === "/" || path === "/about" ? ["fraunces-core-400"] : [];
      expect(fonts.map(fontName).sort()).toEqual([...quotations, "fraunces-core-600", "inter-core"]);
      // Nor an app manifest, which browsers fetch with its icon beside the first screen (docs/decisions/047).
      expect(await page.locator('link[rel="manifest"]').count()).toBe(0);
      expect(await isHydrated(page)).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("starts at the first touch, and the menu button tapped before the app was there opens the menu", async () => {
    const { page, scripts, starts, errors, close } = await openRecording("/about", "mobile");
    try {
      await settle(page);
      const toggle = page.getByRole("button", { name: "Open menu" });
      await toggle.tap();
      await eventually(() => isHydrated(page)).toBe(true);
      expect(starts).toEqual(["/about"]);
      expect(scripts.some((script) => script.startsWith("/assets/entry.client-"))).toBe(true);
      // Pressed once before the app started, pressed once after: open, not toggled twice.
      await eventually(() => page.getByRole("button", { name: "Close menu" }).getAttribute("aria-expanded")).toBe("true");
      expect(await page.locator("#mobile-menu").isVisible()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("starts at the first key or pointer move on a computer", async () => {
    for (const input of ["key", "pointer"] as const) {
      const { page, scripts, errors, close } = await openRecording("/blog", "desktop");
      try {
        await settle(page);
        expect(scripts).toEqual([]);
        if (input === "key") await page.keyboard.press("Tab");
        else await page.mouse.move(400, 300);
        await eventually(() => isHydrated(page)).toBe(true);
        // Now a client-side app: the next page comes as data, without a new document.
        await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Events" }).first().click();
        await page.waitForURL(/\/events$/);
        expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
        expect(await page.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).name)).toMatch(/\/blog$/);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    }
  });

  it("follows a link before the app started as a plain link", async () => {
    const { page, errors, close } = await openRecording("/", "desktop");
    try {
      await settle(page);
      await page.getByRole("navigation", { name: "Quick links" }).getByRole("link", { name: "About Us" }).click();
      await page.waitForURL(/\/about$/);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBeTruthy();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("asks for its start again at the next input when the first ask finds no network", async () => {
    const { page, starts, errors, close } = await openRecording("/events", "mobile");
    try {
      await settle(page);
      let failed = 0;
      await page.route("**/events", async (route) => {
        if (route.request().headers()["x-app-start"] && failed++ === 0) await route.abort("internetdisconnected");
        else await route.fallback();
      });
      await page.mouse.wheel(0, 200);
      await eventually(() => failed).toBe(1);
      await page.waitForTimeout(300);
      expect(await isHydrated(page)).toBe(false);
      // The page still reads and its links still go; the next input asks again, and starts it.
      await page.mouse.wheel(0, 200);
      await eventually(() => isHydrated(page)).toBe(true);
      expect(starts).toEqual(["/events", "/events"]);
      expect(errors.filter((error) => !error.includes("net::ERR_INTERNET_DISCONNECTED"))).toEqual([]);
    } finally {
      await close();
    }
  });

  it(`gives up an ask that gets no answer in ${START_TIMEOUT_MS / 1000} s, and asks again at the next input`, async () => {
    const { page, starts, errors, close } = await openRecording("/events", "mobile");
    try {
      await settle(page);
      let held = 0;
      const givenUp: string[] = [];
      page.on("requestfailed", (request) => {
        if (request.headers()["x-app-start"]) givenUp.push(request.failure()?.errorText ?? "");
      });
      // The first ask reaches a server that never answers; the others go through.
      await page.route("**/events", async (route) => {
        if (route.request().headers()["x-app-start"] && held++ === 0) return;
        await route.fallback();
      });
      await page.mouse.wheel(0, 200);
      await eventually(() => givenUp.length, { timeout: START_TIMEOUT_MS + 10_000 }).toBe(1);
      expect(await isHydrated(page)).toBe(false);
      await page.mouse.wheel(0, 200);
      await eventually(() => isHydrated(page)).toBe(true);
      expect(starts).toEqual(["/events", "/events"]);
      expect(errors.filter((error) => !/abort|timed? ?out/i.test(error))).toEqual([]);
    } finally {
      await page.unrouteAll({ behavior: "ignoreErrors" });
      await close();
    }
  });

  it("leaves the page as sent, its links working, when the ask is answered by something other than a start", async () => {
    const { page, starts, errors, close } = await openRecording("/blog", "desktop");
    try {
      await settle(page);
      // Since it was sent, the page has become a redirect (the starter does not follow one).
      await page.route("**/blog", async (route) => {
        if (route.request().headers()["x-app-start"]) await route.fulfill({ status: 302, headers: { location: "/events" } });
        else await route.fallback();
      });
      await page.mouse.move(400, 300);
      await eventually(() => starts.length).toBe(1);
      await page.mouse.move(420, 320);
      await page.keyboard.press("Tab");
      await waitForIdle(page);
      // Not started, and not asked again: what the reader sees is the page as the server sent it.
      expect(await isHydrated(page)).toBe(false);
      expect(starts).toEqual(["/blog"]);
      expect(page.url()).toMatch(/\/blog$/);
      await page.getByRole("navigation", { name: "Quick links" }).getByRole("link", { name: "About Us" }).click();
      await page.waitForURL(/\/about$/);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBeTruthy();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("shows what is current, without an error, when the page changed between being sent and being started", async () => {
    const reader = await openRecording("/events", "mobile");
    const other = await openPage(browser(), { consent: true });
    try {
      await settle(reader.page);
      const sent = await spotsShown(reader.page);
      expect(sent.length).toBeGreaterThan(0);
      // Meanwhile another visitor takes a seat at one of the seminars on the page.
      await holdSeminarSeat(other.page, await bookableSeminarHref(other.page), `first-visit-${Date.now()}@example.com`);
      await reader.page.mouse.wheel(0, 200);
      await eventually(() => isHydrated(reader.page)).toBe(true);
      await eventually(async () => sum(await spotsShown(reader.page))).toBe(sum(sent) - 1);
      expect(reader.errors).toEqual([]);
    } finally {
      await other.close();
      await reader.close();
    }
  });

  it("answers an ask for a page's start with its scripts and data, which the page itself never carries", async () => {
    const base = inject("baseURL");
    const asked = await fetch(`${base}/about`, { headers: { "X-App-Start": "1" } });
    expect(asked.status).toBe(200);
    expect(asked.headers.get("content-type")).toMatch(/^application\/json/);
    expect(asked.headers.get("cache-control")).toBe("no-store");
    const start = (await asked.json()) as { version: string; scripts: string[]; module: string };
    expect(start.scripts[0]).toMatch(/^window\.__reactRouterContext = /);
    expect(start.scripts.some((script) => script.includes("streamController.enqueue("))).toBe(true);
    expect(start.scripts.at(-1)).toBe("window.__reactRouterContext.streamController.close();");
    expect(start.module).toMatch(/import\("\/assets\/entry\.client-[\w-]+\.js"\);$/);
    // The page, asked for again (shared or not), is the HTML the start belongs to.
    for (let view = 0; view < 2; view++) {
      const page = await fetch(`${base}/about`);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      const html = await page.text();
      expect(html).toContain(`data-start="${start.version}"`);
      expect(html).not.toContain("__reactRouterContext");
    }
    // A page that starts at once has its scripts in its HTML, and the ask changes nothing.
    const booking = await fetch(`${base}/consultations/book-free`, { headers: { "X-App-Start": "1" } });
    expect(booking.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await booking.text()).toContain("window.__reactRouterContext = ");
  });

  it.each(["/", "/events", "/consultations", "/blog", "/about", "/services"])("sends %s's HTML within TCP's first flight", async (path) => {
    const { headers, body } = await wireBytes(path);
    expect(headers + body).toBeLessThanOrEqual(FIRST_FLIGHT_BYTES);
  });

  it("starts a booking page at once, without waiting for input", async () => {
    const { page, scripts, errors, close } = await openRecording("/consultations/book-free", "mobile");
    try {
      await eventually(() => isHydrated(page)).toBe(true);
      expect(scripts.length).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("the web fonts", () => {
  /** The fonts Chromium drew `selector`'s text in (DevTools' "Rendered Fonts"), by family name. */
  async function renderedFonts(page: Page, selector: string): Promise<string[]> {
    const cdp = await page.context().newCDPSession(page);
    try {
      await cdp.send("DOM.enable");
      await cdp.send("CSS.enable");
      const { root } = await cdp.send("DOM.getDocument");
      const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
      const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
      return fonts.map((font) => `${font.familyName}${font.isCustomFont ? "" : " (system)"}`);
    } finally {
      await cdp.detach();
    }
  }

  /** `selector`'s text is drawn in Fraunces itself, not in a fallback (a weight whose faces did not form one group falls back to Times). */
  async function expectDrawnInFraunces(page: Page, selector: string) {
    const drawn = await renderedFonts(page, selector);
    expect(drawn.length, selector).toBeGreaterThan(0);
    expect(drawn.filter((font) => !font.startsWith("Fraunces")), selector).toEqual([]);
  }

  /** The weights of the page's Fraunces core faces that have loaded (app/fonts.css). */
  const loadedFraunces = (page: Page) =>
    page.evaluate(() =>
      [...document.fonts]
        .filter((face) => face.family.replaceAll('"', "") === "Fraunces Variable" && face.status === "loaded" && face.unicodeRange.startsWith("U+0-7E"))
        .map((face) => face.weight)
        .sort(),
    );

  it("draw headings in Fraunces 600 and quotations in Fraunces 400, each from its own file", async () => {
    const { page, fonts, errors, close } = await openRecording("/", "mobile");
    try {
      await settle(page);
      const quote = page.locator("#success-stories blockquote").first();
      await quote.scrollIntoViewIfNeeded();
      await eventually(() => loadedFraunces(page)).toEqual(["400", "600"]);
      expect(fonts.map(fontName).filter((name) => name.startsWith("fraunces"))).toEqual(["fraunces-core-600", "fraunces-core-400"]);
      expect(await page.locator("h1").evaluate((heading) => getComputedStyle(heading).fontWeight)).toBe("600");
      expect(await quote.evaluate((text) => getComputedStyle(text).fontWeight)).toBe("400");
      await expectDrawnInFraunces(page, "h1");
      await expectDrawnInFraunces(page, "#success-stories blockquote p");
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("draw a heading's accented letter in Fraunces 600 too, from Fontsource's Latin file declared at 600", async () => {
    // A heading staff might write (a post's title, say): "é" is outside the core file.
    const { page, fonts, errors, close } = await openRecording("/blog", "mobile");
    try {
      await settle(page);
      await page.evaluate(() => {
        const heading = document.createElement("h2");
        heading.id = "accented-heading";
        heading.textContent = "Zoë's café";
        document.querySelector("main")!.prepend(heading);
      });
      await eventually(() => page.evaluate(() => document.fonts.check('600 16px "Fraunces Variable"', "Zoë's café"))).toBe(true);
      expect(fonts.map(fontName)).toContain("fraunces-latin-wght-normal");
      await expectDrawnInFraunces(page, "#accented-heading");
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("draw a letter outside the core files in the same font, from the Latin file fetched for it", async () => {
    // A search for "café", as the search form sends it: the box shows the word back.
    const { page, fonts, errors, close } = await openRecording(`/blog?q=${encodeURIComponent("café")}`, "mobile");
    try {
      await settle(page);
      expect(await page.getByRole("searchbox").inputValue()).toBe("café");
      expect(fonts.map(fontName)).toContain("inter-latin-wght-normal");
      // Every face Inter needs for the word has loaded: "é" is drawn in Inter, not in a fallback.
      await eventually(() => page.evaluate(() => document.fonts.check('16px "Inter Variable"', "café"))).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
