import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser, visitPage } from "./support/browser.ts";

// No stretched empty space at 1280 px: cards are as tall as what they hold, and the services
// panel's image fills its column instead of leaving it blank below the illustration.

const browser = useBrowser();
const MAX_GAP_PX = 48;

/**
 * The element's box in page coordinates (independent of scrolling). Playwright's boundingBox
 * is relative to the viewport: two of them taken while the page scrolls to either element
 * disagree by the scroll between them, which once made a 30 px gap read as -12.
 */
async function box(locator: Locator) {
  await locator.waitFor();
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) throw new Error("Not rendered");
    return { x: rect.left + window.scrollX, y: rect.top + window.scrollY, width: rect.width, height: rect.height };
  });
}

/** The space between the bottom of `above` and the top of `below`. */
async function gapBetween(above: Locator, below: Locator) {
  const top = await box(above);
  const bottom = await box(below);
  return bottom.y - (top.y + top.height);
}

describe("empty space at 1280 px", () => {
  it("the home page's 'Join Our Next Seminar' card keeps its button close to its price", async () => {
    const { page, close } = await visitPage(browser(), "/", "desktop");
    const card = page.locator("#how-it-works").getByTestId("next-seminar");
    const gap = await gapBetween(card.getByText(/^R\d+\.\d{2}/), card.getByRole("link"));
    expect(gap).toBeGreaterThanOrEqual(0);
    expect(gap).toBeLessThan(MAX_GAP_PX);
    await close();
  });

  it("the home page's 'Read before you pack' promo keeps its figures close to its words", async () => {
    const { page, close } = await visitPage(browser(), "/", "desktop");
    const promo = page.getByTestId("blog-promo");
    const gap = await gapBetween(promo.locator("> div").first(), promo.locator("ul").first());
    expect(gap).toBeGreaterThanOrEqual(0);
    expect(gap).toBeLessThan(MAX_GAP_PX);
    await close();
  });

  it("the services panel's image fills its column", async () => {
    const { page, close } = await visitPage(browser(), "/services#funding", "desktop");
    const panel = page.getByRole("tabpanel").locator("[data-theme]");
    const image = panel.locator("img");
    const [panelBox, imageBox] = await Promise.all([box(panel), box(image)]);
    // The image's drawn content, not just its box: object-fit contain letterboxes it.
    const drawnHeight = await image.evaluate((element: HTMLImageElement) => {
      const fit = getComputedStyle(element).objectFit;
      if (fit !== "contain") return element.getBoundingClientRect().height;
      const scale = Math.min(element.clientWidth / element.naturalWidth, element.clientHeight / element.naturalHeight);
      return element.naturalHeight * scale;
    });
    expect(imageBox.height).toBeGreaterThan(panelBox.height * 0.9);
    expect(drawnHeight).toBeGreaterThan(panelBox.height * 0.9);
    await close();
  });
});
