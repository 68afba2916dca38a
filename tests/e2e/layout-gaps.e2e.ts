import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser, visitPage } from "./support/browser.ts";
import { firstPostPath } from "./support/demo-data.ts";

// No stretched empty space at 1280 px: cards are as tall as what they hold, and the services
// panel shows its illustration as a band above the text, with no blank column beside either.

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
  // Every page with the card: beside a taller card or call to action it once stretched to match,
  // its button pushed down from the price by up to 200 px of empty navy.
  it.each(["/", "/about", "/services", "/consultations", "a blog post"])("the 'Join Our Next Seminar' card on %s keeps its button close to its price", async (where) => {
    const path = where === "a blog post" ? await firstPostPath() : where;
    const { page, close } = await visitPage(browser(), path, "desktop");
    const card = page.getByTestId("next-seminar");
    expect(await card.count(), path).toBe(1);
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

  it("the services panel has no blank column and shows its whole illustration", async () => {
    const { page, close } = await visitPage(browser(), "/services#funding", "desktop");
    const panel = page.getByRole("tabpanel").locator("[data-theme]");
    const image = panel.locator("img");
    const text = panel.locator("img + div");
    const [panelBox, imageBox, textBox] = await Promise.all([box(panel), box(image), box(text)]);
    // The picture spans the panel and the text follows straight under it: nothing beside either stays empty.
    expect(imageBox.width).toBeGreaterThan(panelBox.width * 0.98);
    expect(textBox.width).toBeGreaterThan(panelBox.width * 0.98);
    expect(Math.abs(textBox.y - (imageBox.y + imageBox.height))).toBeLessThan(2);
    expect(panelBox.y + panelBox.height - (textBox.y + textBox.height)).toBeLessThan(2);
    // How much of the illustration object-fit shows: a column as tall as the text once cut it to a sliver.
    const shown = await image.evaluate((element: HTMLImageElement) => {
      const fit = getComputedStyle(element).objectFit;
      const scale = (fit === "cover" ? Math.max : Math.min)(element.clientWidth / element.naturalWidth, element.clientHeight / element.naturalHeight);
      return {
        width: Math.min(1, element.clientWidth / (element.naturalWidth * scale)),
        height: Math.min(1, element.clientHeight / (element.naturalHeight * scale)),
        // The drawn picture's share of the box (object-fit contain letterboxes it).
        filled: Math.min(1, (element.naturalWidth * scale) / element.clientWidth) * Math.min(1, (element.naturalHeight * scale) / element.clientHeight),
      };
    });
    expect(shown.width).toBeGreaterThanOrEqual(0.7);
    expect(shown.height).toBeGreaterThanOrEqual(0.7);
    expect(shown.filled).toBeGreaterThan(0.98);
    await close();
  });
});
