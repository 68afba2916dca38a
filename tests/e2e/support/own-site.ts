import type { Browser } from "playwright-core";
import { viewports, waitForHydration, type ViewportName } from "./browser.ts";

/**
 * Opens `path` on a journey's own server (`baseURL`) as a returning visitor who refused
 * tracking (no cookie banner); with JavaScript, once hydrated. Uncaught page errors are collected.
 */
export async function visitOwnSite(
  browser: Browser,
  baseURL: string,
  path: string,
  { viewport = "desktop", javaScriptEnabled = true }: { viewport?: ViewportName; javaScriptEnabled?: boolean } = {},
) {
  const context = await browser.newContext({ baseURL, viewport: viewports[viewport], javaScriptEnabled });
  await context.addCookies([{ name: "thula_consent", value: "v1.a0.m0", url: baseURL }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
  return { page, errors, close: () => context.close() };
}

/** "14:00" at `instant` in `timeZone`, as the site writes it. */
export const clock = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone }).format(instant);
