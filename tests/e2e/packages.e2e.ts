import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations, useBrowser, visitPage, type ViewportName } from "./support/browser.ts";

// The pound-priced packages can be found: from the navigation on every page, and from the
// pages where a visitor weighs what to buy (services, consultations).

const browser = useBrowser();
const viewportNames: ViewportName[] = ["mobile", "desktop"];

async function expectPackagesPage(page: Page) {
  await page.waitForURL("**/packages");
  // The pound prices, once the packages page has rendered (a client navigation swaps the page after the URL).
  await page.getByRole("main").getByText(/^£\d/).first().waitFor();
}

describe.each(viewportNames)("finding the packages at %s width", (viewport) => {
  it("reaches /packages from the home page by the main navigation", async () => {
    const { page, errors, close } = await visitPage(browser(), "/", viewport);
    const nav = page.getByRole("navigation", { name: "Main" });
    if (viewport === "mobile") await nav.getByRole("button", { name: "Open menu" }).click();
    const links = viewport === "mobile" ? page.locator("#mobile-menu") : nav;
    await links.getByRole("link", { name: "Packages", exact: true }).click();
    await expectPackagesPage(page);
    // Marked as the current page in the navigation (the phone's menu has closed, so hidden links count too).
    expect(await nav.locator('a[href="/packages"][aria-current="page"]').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await close();
  });

  it("reaches /packages from the home page's footer", async () => {
    const { page, errors, close } = await visitPage(browser(), "/", viewport);
    await page.getByRole("navigation", { name: "Quick links" }).getByRole("link", { name: "Packages", exact: true }).click();
    await expectPackagesPage(page);
    expect(errors).toEqual([]);
    await close();
  });
});

describe("the main navigation with Packages in it", () => {
  it("still fits in the bar at 768 px, the narrowest width that shows the links", async () => {
    const { page, close } = await visitPage(browser(), "/about", "desktop");
    await page.setViewportSize({ width: 768, height: 800 });
    const bar = page.getByRole("navigation", { name: "Main" }).locator("> div").first();
    await expect.poll(() => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Packages", exact: true }).isVisible()).toBe(true);
    // Nothing wider than the window: the bar's content and the page.
    const widths = await bar.evaluate((element) => ({ bar: element.scrollWidth, page: document.documentElement.scrollWidth }));
    expect(widths).toEqual({ bar: 768, page: 768 });
    await close();
  });
});

describe("links to the packages where a visitor chooses", () => {
  for (const path of ["/services", "/consultations"]) {
    it(`${path} links to /packages`, async () => {
      const { page, errors, close } = await visitPage(browser(), path, "desktop");
      await page.getByRole("main").getByRole("link", { name: "See our relocation packages" }).click();
      await expectPackagesPage(page);
      expect(errors).toEqual([]);
      await close();
    });
  }
});
