import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { signInAsAdmin } from "./support/admin.ts";
import { openPage, useBrowser, waitForHydration } from "./support/browser.ts";

// Anonymous views of the public pages share one render (docs/decisions/021): the second view
// of an unchanged page is served without rendering, with its own nonce under its own policy;
// a booking shows on the next view at once; a signed-in admin always gets a page of their own.

const browser = useBrowser();

type Fetched = { status: number; cache: string | null; policyNonce: string | undefined; pageNonces: string[]; html: string };

async function fetchPage(path: string, headers: Record<string, string> = {}): Promise<Fetched> {
  const response = await fetch(`${inject("baseURL")}${path}`, { headers });
  const html = await response.text();
  return {
    status: response.status,
    cache: response.headers.get("x-page-cache"),
    policyNonce: /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1],
    pageNonces: [...new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]!))],
    html,
  };
}

/** "12 spots remaining" → 12, from the booking page's own label. */
function spotsOn(html: string): number {
  const match = /data-testid="booking-spots"[^>]*>(?:<!-- -->)?(\d+)(?:<!-- -->)? spots? remaining/.exec(html);
  if (!match) throw new Error("The booking page shows no spots label");
  return Number(match[1]);
}

/** The first bookable seminar's booking address, as a visitor finds it on /events. */
async function firstBookable(): Promise<string> {
  const html = (await fetchPage("/events")).html;
  const href = /href="(\/events\/book\/[0-9a-f-]{36})"/.exec(html)?.[1];
  if (!href) throw new Error("/events lists no bookable seminar");
  return href;
}

async function reserveSeat(page: Page, email: string) {
  await page.getByLabel(/^First name/).fill("Nomsa");
  await page.getByLabel(/^Last name/).fill("Khumalo");
  await page.getByLabel(/^E-mail address/).fill(email);
  await page.getByLabel(/^Phone number/).fill("+27 82 555 0199");
  await page.getByRole("button", { name: "Reserve My Seat" }).click();
  await page.getByRole("dialog", { name: "Your seat is reserved" }).waitFor();
}

describe("shared renders of the public pages", () => {
  it("serves a repeat view without rendering, with the nonce of its own policy", async () => {
    await fetchPage("/about");
    const first = await fetchPage("/about");
    const second = await fetchPage("/about");
    expect([first.cache, second.cache]).toEqual(["hit", "hit"]);
    for (const view of [first, second]) {
      expect(view.status).toBe(200);
      expect(view.pageNonces).toEqual([view.policyNonce]);
    }
    expect(second.policyNonce).not.toBe(first.policyNonce);
    expect(second.html.replaceAll(second.policyNonce!, "")).toBe(first.html.replaceAll(first.policyNonce!, ""));

    // A browser given the shared page runs it: its scripts carry the nonce its policy allows.
    const { page, errors, close } = await openPage(browser(), { consent: true });
    try {
      const response = await page.goto("/about");
      await waitForHydration(page);
      expect(await response!.headerValue("x-page-cache")).not.toBeNull();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("shows a seat taken on the very next view of the pages that count seats", async () => {
    const href = await firstBookable();
    await fetchPage(href);
    const before = await fetchPage(href);
    expect(before.cache).toBe("hit");

    const { page, errors, close } = await openPage(browser());
    try {
      await page.goto(href);
      await waitForHydration(page);
      await reserveSeat(page, `page.cache.${Date.now()}@example.com`);
      const after = await fetchPage(href);
      expect(after.cache).toBe("miss");
      expect(spotsOn(after.html)).toBe(spotsOn(before.html) - 1);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("never gives a signed-in admin the shared render", async () => {
    await fetchPage("/events");
    expect((await fetchPage("/events")).cache).toBe("hit");
    const { page, close } = await openPage(browser(), { consent: true });
    try {
      await signInAsAdmin(page);
      const response = await page.goto("/events");
      expect(response!.status()).toBe(200);
      expect(await response!.headerValue("x-page-cache")).toBeNull();
    } finally {
      await close();
    }
  });
});
