import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, useBrowser, visitPage, waitForIdle, type ViewportName } from "./support/browser.ts";

// /about, /services, /packages, /legal and /business-card (docs/product.md §2.4–§2.6, §2.15, §2.18, §11.8) at a
// phone's and a desktop's width.

const browser = useBrowser();

const visit = (path: string, viewport: ViewportName, options?: { javaScriptEnabled?: boolean }) => visitPage(browser(), path, viewport, options);

async function expectOneH1(page: Page, name: string) {
  expect(await page.locator("main#main").count()).toBe(1);
  expect(await page.locator("h1").count()).toBe(1);
  expect((await page.locator("h1").innerText()).trim()).toBe(name);
}

/** Is `selector`'s top edge inside the window? */
async function inViewport(page: Page, selector: string) {
  const box = await page.evaluate((target) => {
    const rect = document.querySelector(target)!.getBoundingClientRect();
    return { top: rect.top, height: window.innerHeight };
  }, selector);
  return box.top >= -2 && box.top < box.height;
}

/** Fails unless `selector`'s top edge is inside the window. */
async function expectInViewport(page: Page, selector: string) {
  expect(await inViewport(page, selector), `${selector} is in the window`).toBe(true);
}

/** Sets the URL's hash and resolves once the page has handled its hashchange and drawn the result. */
async function changeHash(page: Page, hash: string) {
  await page.evaluate(
    (next) =>
      new Promise<void>((resolve) => {
        // Added after the page's own listeners, so it runs after them.
        window.addEventListener("hashchange", () => resolve(), { once: true });
        window.location.hash = next;
      }),
    hash,
  );
  await waitForIdle(page);
}

/** Radix moves focus back a tick after a dialog closes, so this waits for it. */
async function expectFocused(locator: Locator) {
  await expect.poll(() => locator.evaluate((element) => element === document.activeElement), { timeout: 2_000 }).toBe(true);
}

const CARD_TOGGLES = "section[aria-labelledby=what-makes-us-different] button[aria-expanded][aria-controls]";

/** Waits for the dialog's entrance transition (200 ms) to finish. */
const settle = (page: Page) => page.waitForTimeout(350);

const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);

for (const viewport of ["mobile", "desktop"] as const) {
  describe(`/about at ${viewport} width`, () => {
    it("shows the story, both directors, four cards and the next-seminar call to action", async () => {
      const { page, errors, close } = await visit("/about", viewport);
      await expectOneH1(page, "South Africans helping South Africans build a life in the UK");
      await page.getByRole("heading", { level: 2, name: "Our story" }).waitFor();
      for (const [name, role, email] of [
        ["Nomvula Mthembu", "Managing Director", "nomvula@thularelocations.co.uk"],
        ["Pieter Botha", "Director", "pieter@thularelocations.co.uk"],
      ] as const) {
        const profile = page.getByRole("article", { name });
        await profile.getByRole("heading", { level: 3, name }).waitFor();
        await profile.getByText(role, { exact: true }).waitFor();
        expect(await profile.getByRole("link", { name: email }).getAttribute("href")).toBe(`mailto:${email}`);
        expect(await profile.getByRole("link", { name: /LinkedIn/ }).getAttribute("href")).toMatch(/^https:\/\/www\.linkedin\.com\/in\//);
        expect(await profile.locator("blockquote").count()).toBe(1);
        expect(await profile.getByRole("img").first().getAttribute("alt")).toContain(name);
      }
      const watchButtons = page.getByRole("button", { name: /^Watch Video/ });
      expect(await watchButtons.count()).toBe(2);
      for (const [index, name] of ["Nomvula Mthembu", "Pieter Botha"].entries()) {
        // The visible label is exactly 'Watch Video' (docs/product.md §2.4); the accessible name adds whose video it is.
        expect(await watchButtons.nth(index).locator("span").first().innerText()).toBe("Watch Video");
        expect(await watchButtons.nth(index).evaluate((button) => button.getAttribute("aria-haspopup"))).toBe("dialog");
        await page.getByRole("button", { name: `Watch Video of ${name}`, exact: true }).waitFor();
      }
      await page.getByRole("heading", { level: 2, name: "What makes us different" }).waitFor();
      expect(await page.locator(CARD_TOGGLES).count()).toBe(4);
      const book = page.getByRole("link", { name: "Book Your Consultation" });
      expect(await book.getAttribute("href")).toBe("/consultations");
      await page.getByRole("heading", { name: "Join Our Next Seminar" }).waitFor();
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
      await close();
    });

    it("toggles each 'what makes us different' card on its own", async () => {
      const { page, errors, close } = await visit("/about", viewport);
      const toggles = page.locator(CARD_TOGGLES);
      const state = () => toggles.evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-expanded")));
      const detailsVisible = (index: number) =>
        toggles.nth(index).evaluate((button) => {
          const details = document.getElementById(button.getAttribute("aria-controls")!);
          return details !== null && details.offsetHeight > 0;
        });
      expect(await state()).toEqual(["false", "false", "false", "false"]);
      expect(await detailsVisible(0)).toBe(false);

      await toggles.nth(0).click();
      expect(await state()).toEqual(["true", "false", "false", "false"]);
      expect(await detailsVisible(0)).toBe(true);
      await toggles.nth(2).click();
      expect(await state()).toEqual(["true", "false", "true", "false"]);
      await toggles.nth(0).click();
      expect(await state()).toEqual(["false", "false", "true", "false"]);
      expect(await detailsVisible(0)).toBe(false);
      expect(await detailsVisible(2)).toBe(true);
      // The keyboard works too.
      await toggles.nth(3).focus();
      await page.keyboard.press("Enter");
      expect(await state()).toEqual(["false", "false", "true", "true"]);
      expect(errors).toEqual([]);
      await close();
    });

    it("plays a director's video in a modal at volume 0.5 and closes it with Escape or the backdrop", async () => {
      const { page, errors, close } = await visit("/about", viewport);
      const watch = page.getByRole("button", { name: "Watch Video of Nomvula Mthembu", exact: true });
      await watch.click();
      const dialog = page.getByRole("dialog", { name: "Meet Nomvula Mthembu" });
      await dialog.waitFor();
      const video = dialog.locator("video");
      expect(await video.getAttribute("preload")).toBe("none");
      expect(await video.locator("track[kind=captions]").count()).toBe(1);
      await page.waitForTimeout(200);
      await settle(page);
      await page.waitForFunction(() => {
        const element = document.querySelector<HTMLVideoElement>("[role=dialog] video");
        return element !== null && !element.paused;
      }, undefined, { timeout: 5_000 });
      expect(await video.evaluate((element: HTMLVideoElement) => ({ paused: element.paused, volume: element.volume }))).toEqual({
        paused: false,
        volume: 0.5,
      });
      await expectNoAxeViolations(page);

      // Escape closes it, pauses the video and returns focus to the button.
      await video.evaluate((element) => ((window as unknown as { lastVideo: Element }).lastVideo = element));
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      expect(await page.evaluate(() => (window as unknown as { lastVideo: HTMLVideoElement }).lastVideo.paused)).toBe(true);
      await expectFocused(watch);

      // A click on the backdrop closes it too.
      await watch.click();
      await dialog.waitFor();
      await page.mouse.click(4, 4);
      await dialog.waitFor({ state: "detached" });
      await expectFocused(watch);
      expect(errors).toEqual([]);
      await close();
    });
  });

  describe(`/services at ${viewport} width`, () => {
    it("lists the six services as tabs in order, with the next-seminar card and the call to action", async () => {
      const { page, errors, close } = await visit("/services", viewport);
      await expectOneH1(page, "Everything your move needs, from funding to your first week");
      const titles = (await page.getByRole("tab").allInnerTexts()).map((text) => text.split("\n")[0]!.trim());
      expect(titles).toEqual([
        "Funding Packages",
        "Employment Support",
        "Accommodation Support",
        "Vehicle Finance",
        "Visa & Legal Guidance",
        "Relocation Concierge",
      ]);
      expect(await page.getByRole("tab", { name: "Funding Packages" }).getAttribute("aria-selected")).toBe("true");
      await page.locator("#services-cta").getByRole("heading", { level: 2, name: "Start your journey" }).waitFor();
      expect(await page.locator("#services-cta").getByRole("link", { name: "Book a Private Consultation" }).getAttribute("href")).toBe("/consultations");
      await page.getByRole("heading", { name: "Join Our Next Seminar" }).waitFor();
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
      await close();
    });
  });

  describe(`/packages at ${viewport} width`, () => {
    it("shows three packages with their prices, 'Most Popular' on Prepared, and both buttons on each", async () => {
      const { page, errors, close } = await visit("/packages", viewport);
      await expectOneH1(page, "Choose the level of support that suits your move");
      const expected = [
        ["essentials", "Essentials", "£2,499"],
        ["prepared", "Prepared", "£3,999"],
        ["premium", "Premium", "£5,999"],
      ] as const;
      for (const [id, name, price] of expected) {
        const card = page.getByRole("article", { name });
        await card.getByRole("heading", { level: 2, name }).waitFor();
        await card.getByText(price, { exact: true }).waitFor();
        expect(await card.getByText("Most Popular", { exact: true }).count()).toBe(id === "prepared" ? 1 : 0);
        expect(await card.locator("li").count()).toBeGreaterThanOrEqual(5);
        expect(await card.getByRole("link", { name: "Select Package", exact: true }).getAttribute("href")).toBe(
          `/consultations/book?package=${id}`,
        );
        expect(await card.getByRole("link", { name: "Book a Private Consultation", exact: true }).getAttribute("href")).toBe("/consultations");
      }
      expect(await page.getByText("Most Popular", { exact: true }).count()).toBe(1);
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
      await close();
    });
  });

  describe(`/legal at ${viewport} width`, () => {
    it("opens the Privacy Policy by default, each policy dated March 20, 2024", async () => {
      const { page, errors, close } = await visit("/legal", viewport);
      await expectOneH1(page, "Legal information");
      const names = await page.getByRole("tab").allInnerTexts();
      expect(names).toEqual(["Privacy Policy", "Terms of Service", "Cookie Policy"]);
      expect(await page.getByRole("tab", { name: "Privacy Policy" }).getAttribute("aria-selected")).toBe("true");
      const panel = page.getByRole("tabpanel");
      expect(await panel.count()).toBe(1);
      await panel.getByRole("heading", { level: 2, name: "Privacy Policy" }).waitFor();
      await panel.getByText("Last updated: March 20, 2024").waitFor();
      await panel.getByText(/POPIA/).first().waitFor();
      await expectNoAxeViolations(page);

      for (const [tab, hash] of [
        ["Terms of Service", "#terms"],
        ["Cookie Policy", "#cookies"],
      ] as const) {
        await page.getByRole("tab", { name: tab }).click();
        expect(new URL(page.url()).hash).toBe(hash);
        await page.getByRole("tabpanel").getByRole("heading", { level: 2, name: tab }).waitFor();
        await page.getByRole("tabpanel").getByText("Last updated: March 20, 2024").waitFor();
      }
      expect(errors).toEqual([]);
      await close();
    });

    it("follows the hash: /legal#terms opens the terms, a hash change switches tabs, a click updates the hash", async () => {
      const { page, errors, close } = await visit("/legal#terms", viewport);
      const selected = () => page.locator("[role=tab][aria-selected=true]").innerText();
      expect(await selected()).toBe("Terms of Service");
      await page.getByRole("tabpanel").getByRole("heading", { level: 2, name: "Terms of Service" }).waitFor();

      await page.evaluate(() => (window.location.hash = "#cookies"));
      await page.waitForFunction(() => document.querySelector("[role=tab][aria-selected=true]")?.textContent === "Cookie Policy");
      await page.getByRole("tabpanel").getByRole("heading", { level: 2, name: "Cookie Policy" }).waitFor();

      // Choosing a tab writes its hash without a jump back to the top of the page.
      await page.evaluate(() => window.scrollTo(0, 120));
      await page.getByRole("tab", { name: "Privacy Policy" }).click();
      expect(new URL(page.url()).hash).toBe("#privacy");
      expect(await selected()).toBe("Privacy Policy");
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

      // Arrow keys move between tabs.
      await page.keyboard.press("ArrowRight");
      await page.waitForFunction(() => document.querySelector("[role=tab][aria-selected=true]")?.textContent === "Terms of Service");
      expect(new URL(page.url()).hash).toBe("#terms");

      // Back to a hash that names no tab (the skip link's) leaves the choice alone.
      await changeHash(page, "#main");
      expect(await selected()).toBe("Terms of Service");
      expect(errors).toEqual([]);
      await close();
    });

    it("shows all three policies, with links to each, when JavaScript is off", async () => {
      const { page, close } = await visit("/legal#cookies", viewport, { javaScriptEnabled: false });
      for (const name of ["Privacy Policy", "Terms of Service", "Cookie Policy"]) {
        expect(await page.getByRole("heading", { level: 2, name }).isVisible()).toBe(true);
      }
      expect(await page.getByRole("tablist").isVisible()).toBe(false);
      expect(await page.getByRole("link", { name: "Terms of Service" }).first().getAttribute("href")).toBe("#terms");
      expect(await page.getByText("Last updated: March 20, 2024").count()).toBe(3);
      await close();
    });
  });

  describe(`/business-card at ${viewport} width`, () => {
    it("is a stand-alone digital business card with a vCard download and a QR code", async () => {
      const { page, errors, close } = await visit("/business-card", viewport);
      await expectOneH1(page, "Nomvula Mthembu");
      // No navbar and no footer.
      expect(await page.locator("nav").count()).toBe(0);
      expect(await page.locator("footer").count()).toBe(0);
      expect(await page.getByRole("link", { name: "About Us" }).count()).toBe(0);
      await page.getByText("Managing Director", { exact: true }).waitFor();
      await page.getByText("Thula Relocations", { exact: true }).first().waitFor();
      expect(await page.getByRole("link", { name: /\+44 20 7946 0321/ }).getAttribute("href")).toBe("tel:+442079460321");
      expect(await page.getByRole("link", { name: /\+27 31 555 0142/ }).getAttribute("href")).toBe("tel:+27315550142");
      expect(await page.getByRole("link", { name: /nomvula@thularelocations\.co\.uk/ }).getAttribute("href")).toBe(
        "mailto:nomvula@thularelocations.co.uk",
      );
      await page.getByText("2nd Floor, 41 Eastcheap", { exact: false }).waitFor();
      await page.getByText("18 Lighthouse Road", { exact: false }).waitFor();
      expect(await page.getByRole("link", { name: "Save contact" }).getAttribute("href")).toBe("/business-card/contact.vcf");
      const qr = page.getByRole("img", { name: /^QR code that opens / });
      expect(await qr.locator("svg path").count()).toBeGreaterThan(0);
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
      await close();
    });
  });
}

describe("/services behaviour", () => {
  it("at 1280px changes the panel with the tab, follows arrow keys and shows the concierge in dark mode", async () => {
    const { page, errors, close } = await visit("/services", "desktop");
    const panel = page.getByRole("tabpanel");
    expect(await panel.count()).toBe(1);
    await panel.getByRole("heading", { level: 3, name: "Funding Packages" }).waitFor();

    await page.getByRole("tab", { name: "Vehicle Finance" }).click();
    await panel.getByRole("heading", { level: 3, name: "Vehicle Finance" }).waitFor();
    expect(new URL(page.url()).hash).toBe("#vehicle");
    expect(await page.getByRole("dialog").count()).toBe(0);

    await page.keyboard.press("ArrowDown");
    await page.waitForFunction(() => document.querySelector("[role=tab][aria-selected=true]")?.textContent?.startsWith("Visa & Legal Guidance"));
    await panel.getByRole("heading", { level: 3, name: "Visa & Legal Guidance" }).waitFor();

    await page.getByRole("tab", { name: "Relocation Concierge" }).click();
    expect(await panel.locator("[data-theme]").getAttribute("data-theme")).toBe("dark");
    await expectNoAxeViolations(page);

    // The panel's 'Start My Journey' brings the call to action into view.
    await panel.getByRole("button", { name: "Start My Journey" }).click();
    await page.waitForTimeout(1200);
    await expectInViewport(page, "#services-cta");
    expect(errors).toEqual([]);
    await close();
  });

  it("at 1280px selects the service the URL hash names, on load and on hash change", async () => {
    const { page, errors, close } = await visit("/services#vehicle", "desktop");
    expect(await page.getByRole("tab", { name: "Vehicle Finance" }).getAttribute("aria-selected")).toBe("true");
    await page.getByRole("tabpanel").getByRole("heading", { level: 3, name: "Vehicle Finance" }).waitFor();

    await page.evaluate(() => (window.location.hash = "#legal"));
    await page.waitForFunction(() => document.querySelector("[role=tab][aria-selected=true]")?.textContent?.includes("Visa & Legal Guidance"));
    await page.getByRole("tabpanel").getByRole("heading", { level: 3, name: "Visa & Legal Guidance" }).waitFor();
    await page.waitForTimeout(1000);
    await expectInViewport(page, "#legal");
    expect(errors).toEqual([]);
    await close();
  });

  it("at 390px opens the chosen service full screen, locks the page, and 'Start My Journey' scrolls to the call to action", async () => {
    const { page, errors, close } = await visit("/services", "mobile");
    expect(await bodyOverflow(page)).not.toBe("hidden");
    const tab = page.getByRole("tab", { name: "Employment Support" });
    await tab.click();
    const overlay = page.getByRole("dialog", { name: "Employment Support" });
    await overlay.waitFor();
    await settle(page);
    const box = await overlay.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    expect(await bodyOverflow(page)).toBe("hidden");
    await overlay.getByText("CV and LinkedIn profile rewritten for UK recruiters").waitFor();
    await expectNoAxeViolations(page);

    // The close button returns to the list, focus on the chosen tab.
    await overlay.getByRole("button", { name: "Close Employment Support" }).click();
    await overlay.waitFor({ state: "detached" });
    expect(await bodyOverflow(page)).not.toBe("hidden");
    await expectFocused(tab);

    // The concierge opens in dark mode; 'Start My Journey' closes it and scrolls to the call to action.
    await page.getByRole("tab", { name: "Relocation Concierge" }).click();
    const concierge = page.getByRole("dialog", { name: "Relocation Concierge" });
    await concierge.waitFor();
    await settle(page);
    expect(await concierge.locator("[data-theme]").getAttribute("data-theme")).toBe("dark");
    await concierge.getByRole("button", { name: "Start My Journey" }).click();
    await concierge.waitFor({ state: "detached" });
    expect(await bodyOverflow(page)).not.toBe("hidden");
    await page.waitForTimeout(1200);
    await expectInViewport(page, "#services-cta");
    expect(errors).toEqual([]);
    await close();
  });

  it("at 390px opens the service the URL hash names in its overlay; Escape returns to that service's card", async () => {
    const { page, errors, close } = await visit("/services#legal", "mobile");
    // The tab is chosen (read by its data attribute: the open overlay hides the page from the accessibility tree).
    expect(await page.locator("[data-service=legal]").getAttribute("aria-selected")).toBe("true");
    // The overlay opens with the service the hash names, and focus moves into it.
    const overlay = page.getByRole("dialog", { name: "Visa & Legal Guidance" });
    await overlay.waitFor();
    await expect.poll(() => overlay.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    expect(await page.getByRole("dialog").count()).toBe(1);
    await expectNoAxeViolations(page);

    // Escape closes it; focus goes back to the service's card, which is on screen.
    await page.keyboard.press("Escape");
    await overlay.waitFor({ state: "detached" });
    await expectFocused(page.getByRole("tab", { name: "Visa & Legal Guidance" }));
    await expect.poll(() => inViewport(page, "[data-service=legal]")).toBe(true);
    expect(await bodyOverflow(page)).not.toBe("hidden");

    // A later hash change from outside opens that service too.
    await page.evaluate(() => (window.location.hash = "#vehicle"));
    await page.getByRole("dialog", { name: "Vehicle Finance" }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});

describe("without JavaScript", () => {
  it("/services shows every service's details and /about every card's details", async () => {
    const services = await visit("/services", "mobile", { javaScriptEnabled: false });
    for (const title of ["Funding Packages", "Vehicle Finance", "Relocation Concierge"]) {
      expect(await services.page.getByRole("heading", { level: 3, name: title }).isVisible()).toBe(true);
    }
    expect(await services.page.getByRole("link", { name: "Vehicle Finance" }).getAttribute("href")).toBe("#vehicle");
    await services.close();

    const about = await visit("/about", "desktop", { javaScriptEnabled: false });
    expect(await about.page.getByText("One written plan with dates, owners and costs", { exact: false }).isVisible()).toBe(true);
    await about.close();
  });
});

describe("/business-card/contact.vcf", () => {
  it("downloads a vCard 3.0 with CRLF lines, both offices and the site URL", async () => {
    const baseURL = inject("baseURL");
    const response = await fetch(`${baseURL}/business-card/contact.vcf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/vcard; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="thula-relocations.vcf"');
    const text = await response.text();
    expect(text.startsWith("BEGIN:VCARD\r\nVERSION:3.0\r\n")).toBe(true);
    expect(text.endsWith("END:VCARD\r\n")).toBe(true);
    const lines = text.replace(/\r\n /g, "").split("\r\n");
    expect(lines).toContain("FN:Nomvula Mthembu");
    expect(lines).toContain("TITLE:Managing Director");
    expect(lines).toContain("ORG:Thula Relocations");
    expect(lines).toContain("EMAIL;TYPE=INTERNET,WORK,PREF:nomvula@thularelocations.co.uk");
    expect(lines).toContain(`URL:${baseURL}`);
    expect(lines.filter((line) => /^item\d+\.TEL/.test(line))).toHaveLength(2);
    expect(lines.filter((line) => /^item\d+\.ADR/.test(line))).toHaveLength(2);
    expect(text).toContain("2nd Floor\\, 41 Eastcheap");
  });
});
