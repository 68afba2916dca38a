import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { HASH_SCROLL_DELAY_MS } from "~/lib/hash-scroll.ts";
import { axeViolations, eventually, isHydrated, openPage, useBrowser, waitForHydration, waitForPageTimer, waitForScrollToRest, type ViewportName } from "./support/browser.ts";
import { firstPostPath } from "./support/demo-data.ts";

// A marketing page's sections below its first screen, and every public page's footer, are
// drawn only as they come near the viewport (`render-lazily` in app/app.css: content-visibility:
// auto; docs/decisions/041). Until then the browser skips their style, layout and paint. What
// that asks of the markup: such a part is contained, so nothing inside it may reach outside it
// (it would be cut off) or be fixed to the viewport (it would be fixed to the part instead).
// Read here as a first visitor reads: the app has not started (no input yet). After the load
// event the page draws them itself, one per idle moment (the starter, lib/app-start.ts;
// docs/decisions/042); once the app has started, everything is drawn, so a scripted scroll to an
// anchor measures real heights, not guesses.

const browser = useBrowser();

/** Whether the part's own content is drawn now (not skipped for being far from the viewport). */
function drawnNow(page: Page, index: number): Promise<boolean> {
  return page.evaluate((at) => {
    const part = document.querySelectorAll(".render-lazily")[at];
    const first = part?.firstElementChild;
    if (!first) throw new Error(`No content in lazily drawn part ${at}`);
    return first.checkVisibility({ contentVisibilityAuto: true });
  }, index);
}

type HeldIdleWork = { heldIdleWork: IdleRequestCallback[] };

/**
 * Keeps the idle callbacks of the page's own scripts waiting until `runHeldIdleWork` runs them:
 * what the page does in idle moments happens only then. Scripts that run once the document is
 * parsed (this suite's helpers) get the browser's own idle callbacks again.
 */
async function holdIdleWork(page: Page) {
  await page.addInitScript(() => {
    const held: IdleRequestCallback[] = [];
    const browsers = window.requestIdleCallback;
    (window as unknown as HeldIdleWork).heldIdleWork = held;
    window.requestIdleCallback = (callback) => held.push(callback);
    document.addEventListener("DOMContentLoaded", () => (window.requestIdleCallback = browsers));
  });
}

/** Runs the oldest held idle callback, as an idle moment would; false when none was waiting. */
function runHeldIdleWork(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const callback = (window as unknown as HeldIdleWork).heldIdleWork.shift();
    callback?.({ didTimeout: false, timeRemaining: () => 50 });
    return callback !== undefined;
  });
}

/** Which lazily drawn parts (by index) the page has drawn of its own accord so far. */
function partsDrawnByThePage(page: Page): Promise<number[]> {
  return page.evaluate(() => [...document.querySelectorAll(".render-lazily")].flatMap((part, index) => (part.hasAttribute("data-drawn") ? [index] : [])));
}

/**
 * Everything inside the lazily drawn part that would paint outside it, or is fixed to the
 * viewport, one line each; the part is scrolled into view first, so it is drawn. Content
 * already clipped by the part itself or by an element inside it (a carousel's hidden slides, a
 * video cropped to its section) is left out: containment cuts nothing more there, and the
 * clipping element is itself checked. A focusable element keeps 5 px inside, the room its focus ring
 * (3 px outline, 2 px offset; app/app.css) needs.
 */
function reachingOutside(page: Page, index: number): Promise<string[]> {
  return page.evaluate((at) => {
    const part = document.querySelectorAll<HTMLElement>(".render-lazily")[at]!;
    part.scrollIntoView({ block: "start" });
    const bounds = part.getBoundingClientRect();
    const clipsWithin = (element: Element) => {
      for (let ancestor = element.parentElement; ancestor && ancestor !== part.parentElement; ancestor = ancestor.parentElement) {
        const style = getComputedStyle(ancestor);
        if (style.overflowX !== "visible" || style.overflowY !== "visible") return true;
      }
      return false;
    };
    const focusable = "a[href], button, input, select, textarea, summary, [tabindex]";
    const found: string[] = [];
    for (const element of part.querySelectorAll("*")) {
      const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} "${(element.textContent ?? "").trim().slice(0, 40)}"`;
      if (getComputedStyle(element).position === "fixed") found.push(`${name} is fixed to the viewport`);
      const box = element.getBoundingClientRect();
      // Not drawn at all (a closed <details>' answer, say), or cut off already.
      if ((box.width === 0 && box.height === 0) || !element.checkVisibility({ visibilityProperty: true }) || clipsWithin(element)) continue;
      const room = element.matches(focusable) ? 5 : -1;
      if (box.left - room < bounds.left || box.top - room < bounds.top || box.right + room > bounds.right || box.bottom + room > bounds.bottom) {
        found.push(`${name} reaches outside its part (${Math.round(box.left - bounds.left)}, ${Math.round(box.top - bounds.top)} from its corner)`);
      }
    }
    return found;
  }, index);
}

/**
 * The forms and form controls inside lazily drawn parts, one line each. Chromium reads every
 * form control's box when the document is parsed (at DOMContentLoaded: form reading such as
 * autofill's), and to do so draws, there and then, every undrawn part that holds one, whole:
 * the work the rule was there to put off, in a long task (docs/decisions/043).
 */
function formControlsInLazyParts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll(".render-lazily :is(form, input, select, textarea)")].map((control) => {
      const part = control.closest(".render-lazily")!;
      return `${control.tagName.toLowerCase()}${control.getAttribute("name") ? `[name=${control.getAttribute("name")}]` : ""} in ${part.tagName.toLowerCase()} "${(part.textContent ?? "").trim().slice(0, 40)}"`;
    }),
  );
}

const PAGES = ["/", "/events", "/consultations", "/about", "/services", "/packages", "/blog", "post"];

describe("parts of a page drawn only near the viewport", () => {
  for (const viewport of ["mobile", "desktop"] as ViewportName[]) {
    for (const named of PAGES) {
      it(`${named} at ${viewport}: the footer waits until it is near, and no lazily drawn part has content reaching outside it`, async () => {
        const path = named === "post" ? await firstPostPath() : named;
        const { page, errors, close } = await openPage(browser(), { viewport, consent: true });
        try {
          // The page would draw every part soon after load by itself; here it is the scrolling that draws them.
          await holdIdleWork(page);
          expect((await page.goto(path))?.status()).toBe(200);
          const parts = await page.locator(".render-lazily").count();
          expect(parts, "every public page's footer is drawn lazily").toBeGreaterThan(0);
          // A post's related articles come only after the whole article (docs/decisions/041).
          if (named === "post") expect(await page.locator(".render-lazily:has(#related-heading)").count()).toBe(1);
          const footer = parts - 1;
          expect(await formControlsInLazyParts(page), "a form control would have its part drawn at once").toEqual([]);
          expect(await page.evaluate((at) => document.querySelectorAll(".render-lazily")[at]?.tagName, footer)).toBe("FOOTER");
          // Opened at the top, a long page's footer is not drawn yet.
          const screensAway = await page.evaluate(() => document.querySelector("footer")!.getBoundingClientRect().top / window.innerHeight);
          if (named === "/") expect(screensAway).toBeGreaterThan(3);
          if (screensAway > 3) expect(await drawnNow(page, footer)).toBe(false);
          for (let index = 0; index < parts; index++) {
            expect(await reachingOutside(page, index)).toEqual([]);
            await waitForScrollToRest(page);
            expect(await drawnNow(page, index)).toBe(true);
          }
          // Scrolling started the app: back at the top, the footer is drawn now.
          await waitForHydration(page);
          await page.evaluate(() => window.scrollTo(0, 0));
          await waitForScrollToRest(page);
          expect(await drawnNow(page, footer)).toBe(true);
          expect(errors).toEqual([]);
        } finally {
          await close();
        }
      });
    }
  }

  it("after load, before any input, the page draws its undrawn parts itself, one per idle moment, in page order", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: "mobile", consent: true });
    try {
      await holdIdleWork(page);
      expect((await page.goto("/"))?.status()).toBe(200);
      const parts = await page.locator(".render-lazily").count();
      expect(parts).toBeGreaterThan(3);
      expect(await partsDrawnByThePage(page)).toEqual([]);
      expect(await drawnNow(page, parts - 1), "the footer, screens away, waits").toBe(false);
      for (let drawn = 1; drawn <= parts; drawn++) {
        expect(await runHeldIdleWork(page), `an idle moment is asked for, to draw part ${drawn - 1}`).toBe(true);
        expect(await partsDrawnByThePage(page)).toEqual(Array.from({ length: drawn }, (_, index) => index));
        expect(await drawnNow(page, drawn - 1)).toBe(true);
      }
      // Everything is drawn: the last idle moment asks for no other.
      expect(await runHeldIdleWork(page)).toBe(true);
      expect(await runHeldIdleWork(page)).toBe(false);
      expect(await drawnNow(page, parts - 1)).toBe(true);
      expect(await isHydrated(page), "no input came, so the app has not started").toBe(false);
      // The first input starts the app, which takes the page over as it was sent, without the
      // starter's marks (React would find attributes it did not render), and draws every part.
      await waitForHydration(page);
      expect(await partsDrawnByThePage(page)).toEqual([]);
      expect(await drawnNow(page, parts - 1)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  // The starter stops drawing while it asks for the app's start; an ask that does not start the
  // app leaves the page as sent, and the drawing goes on where it stopped.
  const answers: [string, (route: Route) => Promise<void>][] = [
    ["finds no network", (route) => route.abort("internetdisconnected")],
    ["is answered by something other than a start", (route) => route.fulfill({ status: 302, headers: { location: "/events" } })],
  ];
  for (const [outcome, answer] of answers) {
    it(`goes on drawing its parts, one per idle moment, when the ask for the app's start ${outcome}`, async () => {
      const { page, errors, close } = await openPage(browser(), { viewport: "mobile", consent: true });
      try {
        await holdIdleWork(page);
        let asks = 0;
        let answerNow!: () => void;
        const answered = new Promise<void>((resolve) => (answerNow = resolve));
        await page.route(
          (url) => url.pathname === "/",
          async (route) => {
            if (!route.request().headers()["x-app-start"]) return route.fallback();
            asks++;
            await answered;
            await answer(route);
          },
        );
        expect((await page.goto("/"))?.status()).toBe(200);
        const parts = await page.locator(".render-lazily").count();
        const allUpTo = (count: number) => Array.from({ length: count }, (_, index) => index);
        expect(await runHeldIdleWork(page)).toBe(true);
        expect(await partsDrawnByThePage(page)).toEqual(allUpTo(1));
        // An input asks for the start: while the ask is out, an idle moment draws nothing and asks for no other.
        await page.mouse.move(200, 300);
        await eventually(() => asks).toBe(1);
        expect(await runHeldIdleWork(page)).toBe(true);
        expect(await runHeldIdleWork(page)).toBe(false);
        expect(await partsDrawnByThePage(page)).toEqual(allUpTo(1));
        answerNow();
        // The app did not start: the page asks for an idle moment again, and draws the rest in order.
        await eventually(() => page.evaluate(() => (window as unknown as HeldIdleWork).heldIdleWork.length)).toBe(1);
        for (let drawn = 2; drawn <= parts; drawn++) {
          expect(await runHeldIdleWork(page)).toBe(true);
          expect(await partsDrawnByThePage(page)).toEqual(allUpTo(drawn));
        }
        expect(await runHeldIdleWork(page)).toBe(true);
        expect(await runHeldIdleWork(page)).toBe(false);
        expect(await drawnNow(page, parts - 1)).toBe(true);
        expect(await isHydrated(page)).toBe(false);
        expect(asks).toBe(1);
        expect(errors.filter((error) => !error.includes("net::ERR_INTERNET_DISCONNECTED"))).toEqual([]);
      } finally {
        await close();
      }
    });
  }

  it("once the page has drawn its parts, a tool reading the page before any input sees each text on its own background", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: "mobile", consent: true });
    try {
      for (const path of ["/", "/events", "/consultations", "/about"]) {
        expect((await page.goto(path))?.status()).toBe(200);
        const parts = await page.locator(".render-lazily").count();
        await eventually(() => partsDrawnByThePage(page)).toHaveLength(parts);
        expect(await isHydrated(page)).toBe(false);
        // axe (as Lighthouse runs it) reads a text's background from the boxes drawn behind it.
        // Undrawn, a part's box is its 50rem guess, and text laid out past it read as sitting on the page's white.
        expect(await axeViolations(page, { asLoaded: true }), path).toEqual([]);
      }
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("where the browser has no idle callbacks (Safari), a timer stands in, and the parts are drawn all the same", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: "mobile", consent: true });
    try {
      // Gone for the page's own scripts; back for this suite's helpers once the document is parsed.
      await page.addInitScript(() => {
        const browsers = window.requestIdleCallback;
        delete (window as Partial<Window>).requestIdleCallback;
        document.addEventListener("DOMContentLoaded", () => (window.requestIdleCallback = browsers));
      });
      expect((await page.goto("/"))?.status()).toBe(200);
      const parts = await page.locator(".render-lazily").count();
      await eventually(() => partsDrawnByThePage(page)).toEqual(Array.from({ length: parts }, (_, index) => index));
      expect(await drawnNow(page, parts - 1)).toBe(true);
      expect(await isHydrated(page)).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("a link to a section further down lands on it, though what lies above was never drawn, and stays there as the app starts", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: "mobile", consent: true });
    try {
      expect((await page.goto("/#faq"))?.status()).toBe(200);
      await waitForScrollToRest(page);
      const faq = page.locator("section#faq");
      expect(await faq.evaluate((element) => element.classList.contains("render-lazily"))).toBe(true);
      // It starts just under the sticky navbar's band (scroll-padding-top: 6rem), drawn.
      const faqTop = () => faq.evaluate((element) => Math.round(element.getBoundingClientRect().top));
      expect(await faqTop()).toBeGreaterThanOrEqual(0);
      expect(await faqTop()).toBeLessThanOrEqual(100);
      expect(await page.evaluate(() => document.querySelector("section#faq h2")?.checkVisibility({ contentVisibilityAuto: true }))).toBe(true);
      // A page opened at an anchor starts its app at once (the starter, lib/app-start.ts): every
      // section above is drawn now, at its real height, and the FAQ has not moved off the screen.
      await waitForHydration(page);
      await waitForPageTimer(page, HASH_SCROLL_DELAY_MS);
      await waitForScrollToRest(page);
      expect(await page.evaluate(() => getComputedStyle(document.querySelector(".render-lazily")!).contentVisibility)).toBe("visible");
      expect(await faqTop()).toBeGreaterThanOrEqual(0);
      expect(await faqTop()).toBeLessThanOrEqual(100);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
