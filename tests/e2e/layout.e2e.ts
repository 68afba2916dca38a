import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
// Aliased: useBrowser is a Vitest fixture, not a React hook (the hooks lint rule goes by the name).
import { signInAsAdmin } from "./support/admin.ts";
import { expectNoAxeViolations, openPage, useBrowser as launchBrowser, scrollWindowTo, waitForHydration, type ViewportName } from "./support/browser.ts";

const browser = launchBrowser();
const viewportNames: ViewportName[] = ["mobile", "desktop"];

function navbarState(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector<HTMLElement>("header[data-navbar]");
    if (!header) return null;
    const box = header.getBoundingClientRect();
    return { state: header.dataset.navbar, background: getComputedStyle(header).backgroundColor, top: box.top, height: box.height };
  });
}

async function waitForScrollTop(page: Page) {
  // A function, not a string: the site's Content-Security-Policy forbids eval, which string predicates need.
  await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 5_000 });
}

describe.each(viewportNames)("navbar and footer at %s width", (viewport) => {
  it("is transparent at the top of / and becomes a white bar past 0.8 of the window height", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport, reducedMotion: "reduce" });
    await page.goto("/");
    await waitForHydration(page);
    expect(await navbarState(page)).toMatchObject({ state: "transparent", background: "rgba(0, 0, 0, 0)", top: 0 });

    // Below the threshold it stays transparent.
    await scrollWindowTo(page, await page.evaluate(() => Math.floor(window.innerHeight * 0.7)));
    expect((await navbarState(page))?.state).toBe("transparent");

    await page.evaluate(() => window.scrollTo(0, Math.ceil(window.innerHeight * 0.9)));
    // The colour change is a (very short, under reduced motion) transition: poll for its end.
    await expect.poll(async () => (await navbarState(page))?.background).toBe("rgb(255, 255, 255)");
    const solid = await navbarState(page);
    expect(solid).toMatchObject({ state: "solid", background: "rgb(255, 255, 255)", top: 0 });
    expect(solid?.height).toBeGreaterThan(50);
    await expect.poll(() => page.getByRole("link", { name: "Thula Relocations home" }).first().isVisible()).toBe(true);

    // Back at the top it hides again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => document.querySelector<HTMLElement>("header[data-navbar]")?.dataset.navbar === "transparent");
    expect(errors).toEqual([]);
    await close();
  });

  it("shows the white navbar at once on /about and marks the current page", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport });
    await page.goto("/about");
    await waitForHydration(page);
    expect(await navbarState(page)).toMatchObject({ state: "solid", background: "rgb(255, 255, 255)", top: 0 });
    const nav = page.getByRole("navigation", { name: "Main" });
    if (viewport === "desktop") {
      await expect.poll(() => nav.getByRole("link", { name: "About Us" }).getAttribute("aria-current")).toBe("page");
      expect(await nav.getByRole("link", { name: "Home", exact: true }).getAttribute("aria-current")).toBeNull();
      const hrefs = await nav.locator("ul").first().locator("a").evaluateAll((links) => links.map((link) => [link.textContent, link.getAttribute("href")]));
      expect(hrefs).toEqual([
        ["Home", "/"],
        ["About Us", "/about"],
        ["Services", "/services"],
        ["Packages", "/packages"],
        ["Events", "/events"],
        ["Consultations", "/consultations"],
        ["Blog", "/blog"],
      ]);
      expect(await nav.getByRole("link", { name: "Start my Journey" }).getAttribute("href")).toBe("/#how-it-works");
    } else {
      expect(await nav.getByRole("link", { name: "About Us" }).isVisible()).toBe(false);
    }
    expect(errors).toEqual([]);
    await close();
  });

  it("has a skip link to the main content as the first tab stop", async () => {
    // A returning visitor: for a new one the cookie banner comes first (consent.e2e.ts).
    const { page, errors, close } = await openPage(browser(), { viewport, consent: true });
    await page.goto("/about");
    await waitForHydration(page);
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => ({ text: document.activeElement?.textContent, href: document.activeElement?.getAttribute("href") }));
    expect(focused).toEqual({ text: "Skip to content", href: "#main" });
    expect(await page.locator("main#main").count()).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });

  it("lists social links, quick links, the e-mail, both offices, legal links and the copyright in the footer", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport });
    await page.goto("/about");
    const footer = page.getByRole("contentinfo");
    for (const [network, host] of [
      ["Facebook", "facebook.com"],
      ["Instagram", "instagram.com"],
      ["LinkedIn", "linkedin.com"],
    ] as const) {
      const link = footer.getByRole("link", { name: `Thula Relocations on ${network}` });
      expect(await link.getAttribute("href")).toContain(host);
    }
    const quick = await footer
      .getByRole("navigation", { name: "Quick links" })
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => [link.textContent, link.getAttribute("href")]));
    expect(quick).toEqual([
      ["About Us", "/about"],
      ["Our Services", "/services"],
      ["Packages", "/packages"],
      ["Events", "/events"],
      ["Consultations", "/consultations"],
      ["Blog", "/blog"],
    ]);
    expect(await footer.getByRole("link", { name: "hello@thularelocations.co.uk" }).getAttribute("href")).toBe(
      "mailto:hello@thularelocations.co.uk",
    );
    const footerText = (await footer.textContent()) ?? "";
    for (const fragment of ["2nd Floor, 41 Eastcheap", "London EC3M 1DT", "Umhlanga Ridge", "Durban, KwaZulu-Natal 4319"]) {
      expect(footerText).toContain(fragment);
    }
    expect(await footer.getByRole("link", { name: "+44 20 7946 0321" }).getAttribute("href")).toBe("tel:+442079460321");
    expect(await footer.getByRole("link", { name: "+27 31 555 0142" }).getAttribute("href")).toBe("tel:+27315550142");
    const legal = await footer
      .getByRole("navigation", { name: "Legal" })
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(legal).toEqual(["/legal#privacy", "/legal#terms", "/legal#cookies"]);
    expect(footerText).toContain("© 2024 Thula Relocations Ltd. All rights reserved.");
    expect(errors).toEqual([]);
    await close();
  });

  it("scrolls smoothly back to the top on a route change", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport });
    await page.goto("/");
    await waitForHydration(page);
    // A tall body keeps the next page scrollable, so only the route change can bring it to the top.
    await page.evaluate(() => (document.body.style.minHeight = "12000px"));
    const aboutLink = page.getByRole("contentinfo").getByRole("link", { name: "About Us" });
    await aboutLink.scrollIntoViewIfNeeded();
    await page.waitForTimeout(1_200);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { seenScroll: number[] }).seenScroll = seen;
      window.addEventListener("scroll", () => seen.push(window.scrollY), { passive: true });
    });
    await aboutLink.click();
    await page.waitForURL("**/about");
    await waitForScrollTop(page);
    const seen = await page.evaluate(() => (window as unknown as { seenScroll: number[] }).seenScroll);
    // Smooth: several intermediate positions, not one jump.
    expect(new Set(seen).size).toBeGreaterThan(2);
    expect(errors).toEqual([]);
    await close();
  });

  it("takes 'Start my Journey' from /about to / scrolled to #how-it-works", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport });
    await page.goto("/about");
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    if (viewport === "mobile") await nav.getByRole("button", { name: "Open menu" }).click();
    await nav.getByRole("link", { name: "Start my Journey" }).click();
    await page.waitForURL((url) => url.pathname === "/" && url.hash === "#how-it-works");
    await page.getByRole("heading", { level: 1, name: "Build a New Life in the UK" }).waitFor();
    await page.waitForFunction(
      () => {
        const top = document.getElementById("how-it-works")?.getBoundingClientRect().top;
        return top !== undefined && window.scrollY > 0 && Math.abs(top - 88) < 24;
      },
      undefined,
      { timeout: 8_000 },
    );
    expect(await page.getByRole("heading", { name: "Choose Your Next Step" }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });
});

describe("the mobile menu", () => {
  it("opens with an accessible button, passes axe, closes on Escape and on a link click that navigates", async () => {
    // Reduced motion keeps scroll-reveal blocks still, so axe sees every element at rest.
    const { page, errors, close } = await openPage(browser(), { viewport: "mobile", reducedMotion: "reduce" });
    await page.goto("/");
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    const toggle = nav.getByRole("button", { name: "Open menu" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await toggle.getAttribute("aria-controls")).toBe("mobile-menu");
    expect(await page.locator("#mobile-menu").isVisible()).toBe(false);

    await toggle.click();
    const closeButton = nav.getByRole("button", { name: "Close menu" });
    expect(await closeButton.getAttribute("aria-expanded")).toBe("true");
    const menu = page.locator("#mobile-menu");
    for (const label of ["Home", "About Us", "Services", "Packages", "Events", "Consultations", "Blog", "Start my Journey"]) {
      expect(await menu.getByRole("link", { name: label, exact: true }).isVisible()).toBe(true);
    }
    expect(await menu.getByRole("link", { name: "Home", exact: true }).getAttribute("aria-current")).toBe("page");
    // The open menu turns the transparent bar white so the links are readable.
    expect(await page.locator("header[data-navbar]").getAttribute("data-navbar")).toBe("solid");
    await expectNoAxeViolations(page);

    await page.keyboard.press("Escape");
    expect(await menu.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-controls"))).toBe("mobile-menu");

    await nav.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "About Us" }).click();
    await page.waitForURL("**/about");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await menu.isVisible()).toBe(false);
    expect(await nav.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded")).toBe("false");
    expect(errors).toEqual([]);
    await close();
  });

  it("is not shown at desktop width, where the links are in the bar", async () => {
    const { page, close } = await openPage(browser(), { viewport: "desktop" });
    await page.goto("/about");
    expect(await page.getByRole("button", { name: "Open menu" }).isVisible()).toBe(false);
    expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).isVisible()).toBe(true);
    await close();
  });
});

describe("the admin tab bar at 390 px", () => {
  it("shows every tab on the screen, wrapping instead of scrolling sideways", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: "mobile" });
    await signInAsAdmin(page);
    await page.goto("/admin/dashboard");
    const nav = page.getByRole("navigation", { name: "Admin sections" });
    const tabs = nav.getByRole("link");
    expect(await tabs.count()).toBeGreaterThanOrEqual(8);
    const overflow = await nav.evaluate((element) => {
      const list = element.querySelector("ul")!;
      return { scrollWidth: list.scrollWidth, clientWidth: list.clientWidth, viewport: window.innerWidth };
    });
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
    for (const box of await tabs.evaluateAll((links) => links.map((link) => link.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(overflow.viewport);
    }
    expect(errors).toEqual([]);
    await close();
  });
});

describe("admin lists at 390 px", () => {
  it("stack each row as a card, with its values named and its actions on screen, and never scroll sideways", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: "mobile" });
    await signInAsAdmin(page);
    for (const path of ["/admin/users", "/admin/consultations", "/admin/bookings", "/admin/outbox", "/admin/activity"]) {
      await page.goto(path);
      const table = page.getByRole("table");
      await table.waitFor();
      const layout = await page.evaluate(() => {
        const region = document.querySelector<HTMLElement>('[role="region"]')!;
        const row = document.querySelector<HTMLElement>('tbody [role="row"]')!;
        const links = [...row.querySelectorAll<HTMLElement>("a, button")].map((element) => element.getBoundingClientRect().toJSON() as DOMRect);
        return { scroll: region.scrollWidth, width: region.clientWidth, page: document.documentElement.scrollWidth, viewport: window.innerWidth, links };
      });
      expect(layout.scroll, path).toBeLessThanOrEqual(layout.width);
      expect(layout.page, path).toBeLessThanOrEqual(layout.viewport);
      for (const box of layout.links) expect(box.right, path).toBeLessThanOrEqual(layout.viewport);
      // Rows keep their table semantics however they are laid out.
      expect(await table.getByRole("row").count(), path).toBeGreaterThan(0);
    }
    expect(errors).toEqual([]);
    await close();
  });
});

