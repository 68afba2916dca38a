import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { eventually, openPage, useBrowser, waitForIdle, type TestPage } from "./support/browser.ts";

// A marketing page starts its scripts at the visitor's first input (app/lib/app-start.ts,
// docs/decisions/036): one who only reads downloads no JavaScript; the first touch, pointer
// move or key starts the app, and a button pressed before it was there is pressed again once
// it is. Driven with real input here (the other journeys stand in with a scroll event).

const browser = useBrowser();

/** Opens `path` and records every script and font the page asks for. */
async function openRecording(path: string, viewport: "mobile" | "desktop"): Promise<TestPage & { scripts: string[]; fonts: string[] }> {
  const opened = await openPage(browser(), { viewport, consent: true });
  const scripts: string[] = [];
  const fonts: string[] = [];
  opened.page.on("request", (request) => {
    const file = new URL(request.url()).pathname;
    if (request.resourceType() === "script") scripts.push(file);
    if (request.resourceType() === "font") fonts.push(file);
  });
  const response = await opened.page.goto(opened.url(path));
  expect(response?.status()).toBe(200);
  return { ...opened, scripts, fonts };
}

/** A built font's file name without Vite's content hash: /assets/inter-core-nQWFyHbT.woff2 -> inter-core. */
const fontName = (file: string) => file.replace(/^\/assets\//, "").replace(/-[\w-]{8}\.woff2$/, "");

/** Lets the page finish loading and settle: whatever it would fetch on its own, it has asked for by then. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await waitForIdle(page);
}

const hydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === "true");

describe("a first visit to a marketing page", () => {
  it.each(["/", "/events", "/consultations", "/blog", "/about", "/services"])("%s is read without downloading any JavaScript", async (path) => {
    const { page, scripts, fonts, errors, close } = await openRecording(path, "mobile");
    try {
      await settle(page);
      expect(await page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
      expect(scripts).toEqual([]);
      // English copy needs only the two small core fonts (app/fonts.css), each fetched once.
      expect(fonts.map(fontName).sort()).toEqual(["fraunces-core", "inter-core"]);
      expect(await hydrated(page)).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("starts at the first touch, and the menu button tapped before the app was there opens the menu", async () => {
    const { page, scripts, errors, close } = await openRecording("/about", "mobile");
    try {
      await settle(page);
      const toggle = page.getByRole("button", { name: "Open menu" });
      await toggle.tap();
      await eventually(() => hydrated(page)).toBe(true);
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
        await eventually(() => hydrated(page)).toBe(true);
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

  it("starts a booking page at once, without waiting for input", async () => {
    const { page, scripts, errors, close } = await openRecording("/consultations/book-free", "mobile");
    try {
      await eventually(() => hydrated(page)).toBe(true);
      expect(scripts.length).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("the web fonts", () => {
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
