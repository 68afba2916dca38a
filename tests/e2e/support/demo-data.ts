import type { Page } from "playwright-core";
import { inject } from "vitest";
import { waitForHydration } from "./browser.ts";

// Real records of the demo data (seeded fresh for every run, so never known by id), found
// the way a visitor or an admin finds them: through the lists.

/** The href of the first link matching `selector` on `path`; fails clearly when there is none. */
export async function firstHref(page: Page, path: string, selector: string, what: string): Promise<string> {
  await page.goto(path);
  const link = page.locator(selector).first();
  if ((await link.count()) === 0) throw new Error(`No ${what} on ${path} (${selector})`);
  return (await link.getAttribute("href"))!;
}

/** The value of `param` in a link's href (e.g. the id in /admin/users?edit=<id>). */
export function paramOf(href: string, param: string): string {
  const value = new URL(href, "http://site").searchParams.get(param);
  if (!value) throw new Error(`No ${param} in ${href}`);
  return value;
}

/** The last 'Reserve Your Spot' link on /events page 1 (the seminar journeys use the first ones). */
export async function bookableSeminarHref(page: Page): Promise<string> {
  await page.goto("/events");
  const links = page.getByRole("link", { name: "Reserve Your Spot" });
  if ((await links.count()) === 0) throw new Error("No bookable seminar on /events");
  return (await links.last().getAttribute("href"))!;
}

/** Fills the seminar booking form and sends it: ends with the payment dialog open. The seat is held. */
export async function holdSeminarSeat(page: Page, bookingHref: string, email: string) {
  await page.goto(bookingHref);
  await waitForHydration(page);
  await page.getByLabel(/^First name/).fill("Ayanda");
  await page.getByLabel(/^Last name/).fill("Zulu");
  await page.getByLabel(/^E-mail address/).fill(email);
  await page.getByLabel(/^Phone number/).fill("+27 82 555 0177");
  await page.getByRole("button", { name: "Reserve My Seat" }).click();
  const dialog = page.getByRole("dialog", { name: "Your seat is reserved" });
  await dialog.waitFor();
  return dialog;
}

/** Holds a seat and goes on to the built-in test checkout: returns its address (/checkout/test/<session>). */
export async function startTestCheckout(page: Page, bookingHref: string, email: string): Promise<string> {
  const dialog = await holdSeminarSeat(page, bookingHref, email);
  await dialog.getByRole("button", { name: "Pay" }).click();
  await page.waitForURL((url) => /^\/checkout\/test\/[^/]+$/.test(url.pathname));
  await waitForHydration(page);
  return new URL(page.url()).pathname;
}

/** Pays the test checkout the page is on: returns the /payment-success address with its session_id. */
export async function payTestCheckout(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Pay" }).click();
  await page.waitForURL((url) => url.pathname === "/payment-success" && url.searchParams.has("session_id"));
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** The newest post's address, as /blog links it. */
export async function firstPostPath(): Promise<string> {
  const html = await (await fetch(`${inject("baseURL")}/blog`)).text();
  const found = /\/blog\/[0-9a-f-]{36}\/[a-z0-9-]+/.exec(html)?.[0];
  if (!found) throw new Error("No post linked from /blog");
  return found;
}
