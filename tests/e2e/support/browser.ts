import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
// @ts-expect-error plain ESM helper shared with scripts/
import { findChromium } from "../../../scripts/chromium.mjs";

export const viewports = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export type ViewportName = keyof typeof viewports;

export type TestPage = {
  page: Page;
  context: BrowserContext;
  /** console errors and uncaught page errors seen so far. */
  errors: string[];
  url(path: string): string;
  close(): Promise<void>;
};

/** A headless Chromium as the suite runs it, with `extraArgs` (a fake camera, say). The caller closes it. */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  const executablePath = findChromium() as string | undefined;
  if (!executablePath) throw new Error("No Chromium found: run `node scripts/chromium.mjs --ensure` or set CHROMIUM_PATH.");
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
      ...extraArgs,
    ],
  });
}

/** Launches one headless Chromium for a test file; returns a getter for it. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("The browser is not running yet");
    return browser;
  };
}

export async function openPage(
  browser: Browser,
  options: {
    viewport?: ViewportName;
    reducedMotion?: "reduce" | "no-preference";
    javaScriptEnabled?: boolean;
    /** A returning visitor who has already refused tracking (thula_consent=v1.a0.m0): no cookie banner. Off by default. */
    consent?: boolean;
  } = {},
): Promise<TestPage> {
  const baseURL = inject("baseURL");
  const context = await browser.newContext({
    viewport: viewports[options.viewport ?? "desktop"],
    reducedMotion: options.reducedMotion ?? "no-preference",
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    baseURL,
    hasTouch: options.viewport === "mobile",
    isMobile: options.viewport === "mobile",
  });
  if (options.consent) await context.addCookies([{ name: "thula_consent", value: "v1.a0.m0", url: baseURL }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  return {
    page,
    context,
    errors,
    url: (path: string) => `${baseURL}${path}`,
    close: () => context.close(),
  };
}

/** Runs axe-core (WCAG 2.2 A/AA) on the page and fails with a readable list of violations. */
export async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page), `axe found violations on ${page.url()}`).toEqual([]);
}

/**
 * Waits until no finite animation or transition is running. A dialog fading in is still
 * see-through, so its text's colours blend with the backdrop and read as low contrast.
 */
async function waitForAnimationsToSettle(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Draws, or stops drawing, the parts a page leaves undrawn until they come near the viewport
 * (app.css `render-lazily`, before the app starts; docs/decisions/041). The page draws them
 * itself in the idle moments after load (docs/decisions/042), or never, without JavaScript; a
 * check run at once draws them here. Set through the CSSOM, which the page's style policy allows.
 */
function drawLazyParts(page: Page, drawn: boolean) {
  return page.evaluate((draw) => {
    for (const part of document.querySelectorAll<HTMLElement>(".render-lazily")) {
      if (draw) part.style.contentVisibility = "visible";
      else part.style.removeProperty("content-visibility");
    }
  }, drawn);
}

/**
 * axe-core's WCAG 2.2 A/AA violations on the page once it has settled, one readable entry each
 * (empty when there are none). Parts not drawn yet are drawn for it, as the reader sees them on
 * getting there: axe reads colours and sizes from what is drawn, and an undrawn part's text would
 * read as sitting on whatever lies behind the part. `asLoaded` reads the page as it stands
 * instead, as Lighthouse does.
 */
export async function axeViolations(page: Page, { asLoaded = false }: { asLoaded?: boolean } = {}): Promise<string[]> {
  await waitForAnimationsToSettle(page);
  if (!asLoaded) await drawLazyParts(page, true);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    // axe cannot run inside a sandboxed frame (the outbox's e-mail preview) and would wait forever.
    .exclude("iframe[sandbox]")
    .analyze()
    .finally(() => !asLoaded && drawLazyParts(page, false));
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(" ")}: ${node.failureSummary?.split("\n").join(" ")}`)
        .join("\n"),
  );
}

/** Polls `read` until its expectation holds, for up to 10 s (the server's round trips on the embedded database can take a moment). */
export function eventually<T>(read: () => Promise<T> | T, options: { timeout?: number } = {}) {
  return expect.poll(read, { timeout: 10_000, ...options });
}

/** Whether React has attached to the page (root's `markHydrated`). */
export function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * Waits until the page is hydrated (React has attached), so clicks reach handlers. A marketing
 * page starts its scripts at the visitor's first input (app/lib/app-start.ts): a scroll event
 * stands in for it here, which moves nothing and hovers nothing. Elsewhere it changes nothing.
 * tests/e2e/first-visit.e2e.ts drives the start with real input.
 */
export async function waitForHydration(page: Page) {
  await page.evaluate(() => window.dispatchEvent(new Event("scroll")));
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, { timeout: 15_000 });
}

/** A new page at `viewport` opened on `path`, which must answer 200; with JavaScript, once hydrated. */
export async function visitPage(browser: Browser, path: string, viewport: ViewportName, options: { javaScriptEnabled?: boolean } = {}) {
  const test = await openPage(browser, { viewport, ...options });
  const response = await test.page.goto(path);
  expect(response?.status()).toBe(200);
  if (options.javaScriptEnabled !== false) await waitForHydration(test.page);
  return test;
}

/**
 * Resolves once the page has had an idle moment and then drawn two more frames: what it put
 * off (effects, observer callbacks, idle callbacks, the first step of a smooth scroll or a
 * transition) has run by then, so a check for something that did not happen means something.
 */
export async function waitForIdle(page: Page) {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))),
  );
}

/**
 * Resolves when a page timer of `delayMs`, set now, fires. Timers fire in order (HTML: one
 * set earlier with the same or a shorter delay runs first), so any timer of at most that delay
 * the page had already set has fired too.
 */
export async function waitForPageTimer(page: Page, delayMs: number) {
  await page.evaluate((ms) => new Promise<void>((resolve) => window.setTimeout(resolve, ms)), delayMs);
}

/**
 * Resolves once the window's scroll has come to rest: the page has been idle and then the
 * position held for two frames. A smooth scroll the page set off is under way by the idle moment
 * and not at rest until it ends.
 */
export async function waitForScrollToRest(page: Page) {
  await waitForIdle(page);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        const check = () => {
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          if (still === 2) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

/** Scrolls the window to `top` and resolves once the page has handled that scroll and the window is at rest again. */
export async function scrollWindowTo(page: Page, top: number) {
  await page.evaluate(
    (y) =>
      new Promise<void>((resolve) => {
        const from = window.scrollY;
        // Added after the page's own scroll listeners, so it runs after them.
        window.addEventListener("scroll", () => resolve(), { once: true });
        window.scrollTo(0, y);
        // Already there: no scroll event will come.
        if (window.scrollY === from) resolve();
      }),
    top,
  );
  await waitForScrollToRest(page);
}

/**
 * Resolves once every video on the page has settled its loading: it holds back (preload none,
 * nothing asked it to play) or it has data. A video that started fetching is not settled until
 * bytes came back, so its request has been seen by then.
 */
export async function waitForVideosToSettle(page: Page) {
  await waitForIdle(page);
  await page.waitForFunction(() =>
    [...document.querySelectorAll("video")].every(
      (video) => video.networkState === HTMLMediaElement.NETWORK_IDLE || video.readyState >= HTMLMediaElement.HAVE_METADATA,
    ),
  );
}
