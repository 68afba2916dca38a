import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
// Aliased: useBrowser is a Vitest fixture, not a React hook (the hooks lint rule goes by the name).
import { AUTO_SCROLL_GUARD_MS } from "~/features/home/use-auto-scroll-to-services.ts";
import {
  expectNoAxeViolations,
  openPage,
  useBrowser as launchBrowser,
  scrollWindowTo,
  waitForHydration,
  waitForIdle,
  waitForPageTimer,
  waitForVideosToSettle,
  type ViewportName,
} from "./support/browser.ts";

const browser = launchBrowser();
const viewportNames: ViewportName[] = ["mobile", "desktop"];

const serviceCards = [
  ["Funding Packages", "/services#funding"],
  ["Employment Support", "/services#employment"],
  ["Accommodation Support", "/services#accommodation"],
  ["Vehicle Finance", "/services#vehicle"],
  ["Visa & Legal Guidance", "/services#legal"],
] as const;
const partnerNames = ["Albion Bank", "Harbour Lettings", "Meridian Motor Finance", "Northgate Recruitment", "Cape to Crown Legal"];
const processSteps = ["Initial Consultation", "Plan Your Journey", "Tailored Package", "UK Relocation", "Ongoing Support"];

/** Scrolls through the whole page so every scroll-reveal block has played. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += Math.floor(window.innerHeight / 2)) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
  });
  await page.waitForTimeout(900);
}

function activeStory(page: Page) {
  return page.locator('#testimonial-slides [data-active="true"]').textContent();
}

function distanceFromViewportTop(page: Page, id: string) {
  return page.evaluate((target) => document.getElementById(target)?.getBoundingClientRect().top ?? Number.NaN, id);
}

/** A one-finger horizontal swipe over `target`, through Chromium's touch input. */
async function swipe(page: Page, target: Locator, deltaX: number) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error("swipe target has no box");
  const y = Math.round(box.y + Math.min(box.height / 2, 200));
  const startX = Math.round(box.x + box.width / 2 - deltaX / 2);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: startX, y }] });
  for (const step of [0.25, 0.5, 0.75, 1]) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: Math.round(startX + deltaX * step), y }] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
  // The touch end has been handled (CDP answers once it is); its re-render is drawn by the idle moment.
  await waitForIdle(page);
}

describe.each(viewportNames)("the landing page at %s width", (viewport) => {
  it("renders every element docs/product.md §2.3 lists, in order", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport });
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    expect(await page.title()).toBe("Thula Relocations | Move from South Africa to the UK");

    const ids = await page.locator("main#main > section[id]").evaluateAll((sections) => sections.map((section) => section.id));
    expect(ids).toEqual(["home", "services", "process", "how-it-works", "resources", "success-stories", "faq"]);

    // Hero
    expect(await page.getByRole("heading", { level: 1 }).allTextContents()).toEqual(["Build a New Life in the UK"]);
    const hero = page.locator("#home");
    expect(await hero.getByRole("link", { name: "Start my Journey" }).getAttribute("href")).toBe("/#services");
    expect(await hero.getByRole("link", { name: "Get in Touch" }).getAttribute("href")).toBe("/#how-it-works");
    expect(await hero.getByRole("link", { name: "Our Services" }).getAttribute("href")).toBe("/services");
    expect(await hero.getByRole("button", { name: "Play intro video" }).isVisible()).toBe(true);
    expect(await hero.locator("video").evaluateAll((videos) => (videos as HTMLVideoElement[]).map((video) => [video.preload, video.autoplay, video.loop]))).toEqual([
      ["none", false, true],
      ["none", false, true],
    ]);

    // Five service cards
    const services = page.locator("#services");
    for (const [title, href] of serviceCards) {
      const card = services.getByRole("link", { name: new RegExp(`^${title.replace(/[&]/g, "\\$&")}`) });
      expect(await card.getAttribute("href")).toBe(href);
    }
    expect(await services.getByRole("heading", { level: 3 }).allTextContents()).toEqual(serviceCards.map(([title]) => title));

    // Partners
    const partners = page.getByRole("region", { name: "Reliable Partners for Your New Beginning" });
    const logos = await partners.getByRole("img").evaluateAll((images) =>
      images.map((image) => [image.getAttribute("alt"), image.getAttribute("width"), image.getAttribute("height")]),
    );
    expect(logos).toEqual(partnerNames.map((name) => [name, "240", "80"]));

    // The full-screen city section with its down arrow to the process.
    const arrow = page.getByRole("link", { name: "Scroll to how the process works" });
    expect(await arrow.getAttribute("href")).toBe("/#process");
    expect(await page.getByRole("button", { name: "Play background video" }).count()).toBe(1);

    // Process
    expect(await page.locator("#process h3").allTextContents()).toEqual(processSteps.map((title, step) => `Step ${step + 1}: ${title}`));

    // Choose Your Next Step
    const nextSteps = page.locator("#how-it-works");
    expect(await nextSteps.getByRole("heading", { level: 2 }).textContent()).toBe("Choose Your Next Step");
    expect(await nextSteps.getByRole("heading", { level: 3 }).allTextContents()).toEqual(
      expect.arrayContaining(["Book a Private Consultation", "Join Our Next Seminar", "Not sure which option is best for you?"]),
    );
    const nextStepText = (await nextSteps.textContent()) ?? "";
    for (const point of ["One-to-one consultation", "Custom strategy", "Flexible scheduling", "Expert guidance", "R3499.00", "free 10-minute intro call"]) {
      expect(nextStepText).toContain(point);
    }
    expect(await nextSteps.getByRole("link", { name: "Book a Consultation" }).getAttribute("href")).toBe("/consultations");
    expect(await nextSteps.getByRole("link", { name: "View Schedule" }).getAttribute("href")).toBe("/events");
    expect(await nextSteps.getByRole("link", { name: "Book a Free Call" }).getAttribute("href")).toBe("/consultations/book-free");
    // The demo data has upcoming seminars: the card shows the next one with its price.
    expect(await nextSteps.getByTestId("next-seminar").textContent()).toMatch(/R\d+\.\d{2}/);
    expect(await nextSteps.getByRole("link", { name: "hello@thularelocations.co.uk" }).getAttribute("href")).toBe("mailto:hello@thularelocations.co.uk");
    expect(await nextSteps.getByRole("link", { name: "+44 20 7946 0321" }).getAttribute("href")).toBe("tel:+442079460321");
    expect(await nextSteps.getByRole("link", { name: "+27 31 555 0142" }).getAttribute("href")).toBe("tel:+27315550142");

    // Blog: the three newest demo articles, newest first.
    const resources = page.locator("#resources");
    expect(await resources.getByText("No blog posts available at the moment.").count()).toBe(0);
    const newest = resources.getByRole("heading", { name: /Your first 30 days in the UK/ }).filter({ visible: true });
    expect(await newest.count()).toBeGreaterThan(0);
    expect(await resources.getByRole("link", { name: "View All Blog Posts" }).filter({ visible: true }).getAttribute("href")).toBe("/blog");

    // Testimonials
    const stories = page.locator("#success-stories");
    expect(await stories.getByRole("heading", { level: 2 }).textContent()).toBe("Families who made the move");
    expect(await stories.locator('[aria-roledescription="slide"]').count()).toBe(2);
    expect(await activeStory(page)).toContain("Durban");
    const minHeight = await stories.evaluate((section) => section.getBoundingClientRect().height / window.innerHeight);
    expect(minHeight).toBeGreaterThanOrEqual(0.8);

    // FAQ: 6 to 8 questions, each opens to its answer.
    const questions = page.locator("#faq summary");
    const count = await questions.count();
    expect(count).toBeGreaterThanOrEqual(6);
    expect(count).toBeLessThanOrEqual(8);
    await page.locator("#faq summary", { hasText: "What does a consultation cost?" }).click();
    const answer = page.locator("#faq details[open] p");
    expect(await answer.textContent()).toContain("R3499.00");
    expect(await answer.isVisible()).toBe(true);

    // Footer (its details are checked in layout.e2e.ts)
    expect(await page.getByRole("contentinfo").textContent()).toContain("© 2024 Thula Relocations Ltd. All rights reserved.");

    // JSON-LD Organization with both offices.
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(jsonLd["@type"]).toBe("Organization");
    expect(jsonLd.email).toBe("hello@thularelocations.co.uk");
    expect(jsonLd.sameAs).toHaveLength(3);
    expect(jsonLd.location.map((place: { telephone: string }) => place.telephone)).toEqual(["+442079460321", "+27315550142"]);

    expect(errors).toEqual([]);
    await close();
  });

  it("has no axe violations", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport });
    await page.goto("/");
    await waitForHydration(page);
    await scrollThrough(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(400);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await close();
  });

  it("moves the testimonials with next, previous and the dots, wrapping both ways", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport, reducedMotion: "reduce" });
    await page.goto("/");
    await waitForHydration(page);
    const carousel = page.getByRole("region", { name: "Success stories" });
    const dot = (n: number) => carousel.getByRole("button", { name: `Show story ${n}` });
    expect(await activeStory(page)).toContain("Thandeka and Sipho Dlamini");
    expect(await dot(1).getAttribute("aria-current")).toBe("true");

    await carousel.getByRole("button", { name: "Next story" }).click();
    expect(await activeStory(page)).toContain("Ryan Pillay");
    expect(await activeStory(page)).toContain("Manchester");
    expect(await dot(2).getAttribute("aria-current")).toBe("true");
    expect(await dot(1).getAttribute("aria-current")).toBeNull();

    await carousel.getByRole("button", { name: "Next story" }).click();
    expect(await activeStory(page)).toContain("Thandeka and Sipho Dlamini");

    await carousel.getByRole("button", { name: "Previous story" }).click();
    expect(await activeStory(page)).toContain("Ryan Pillay");

    await dot(1).click();
    expect(await activeStory(page)).toContain("Thandeka and Sipho Dlamini");
    await dot(2).click();
    expect(await activeStory(page)).toContain("Ryan Pillay");

    // Arrow keys while focus is in the carousel.
    await dot(2).focus();
    await page.keyboard.press("ArrowRight");
    expect(await activeStory(page)).toContain("Thandeka and Sipho Dlamini");
    await page.keyboard.press("ArrowLeft");
    expect(await activeStory(page)).toContain("Ryan Pillay");

    // The change is announced politely.
    expect(await carousel.locator('[aria-live="polite"]').textContent()).toBe("Story 2 of 2: Ryan Pillay, Durban to Manchester");
    // Hidden slides cannot take focus.
    expect(await page.locator("#testimonial-slides [inert]").count()).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });

  it("plays the hero video on a click, and not a byte of video before it", async () => {
    // A returning visitor: a new one's cookie banner covers the play button until they choose.
    const { page, errors, close } = await openPage(browser(), { viewport, consent: true });
    const videoRequests: string[] = [];
    page.on("request", (request) => {
      if (/\.(mp4|webm)(\?|$)/.test(request.url())) videoRequests.push(request.url());
    });
    await page.goto("/");
    await waitForHydration(page);
    await waitForVideosToSettle(page);
    expect(videoRequests).toEqual([]);

    const shown = viewport === "desktop" ? "intro-wide" : "intro-tall";
    const hidden = viewport === "desktop" ? "intro-tall" : "intro-wide";
    const video = (name: string) => page.locator(`#home video:has(source[src*="${name}"])`);

    await page.getByRole("button", { name: "Play intro video" }).click();
    await page.waitForFunction(
      (name) => {
        const element = document.querySelector<HTMLVideoElement>(`#home video:has(source[src*="${name}"])`);
        return element !== null && !element.paused && element.currentTime > 0;
      },
      shown,
      { timeout: 15_000 },
    );
    expect(await video(shown).evaluate((element: HTMLVideoElement) => element.volume)).toBeCloseTo(0.3);
    expect(await video(hidden).evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    expect(videoRequests.some((url) => url.includes(shown))).toBe(true);

    // While it plays the button hides; moving the mouse shows it for 2 s.
    // The classes, not the computed opacity: on a busy machine the 300 ms fade can still be
    // under way when the 2 s are up, and a test must not depend on how fast frames come.
    const button = page.locator("#home button[data-state]");
    await expect.poll(() => button.getAttribute("class")).toMatch(/(^|\s)opacity-0(\s|$)/);
    await page.mouse.move(200, 300);
    await page.mouse.move(220, 320);
    await expect.poll(() => button.getAttribute("class"), { interval: 50 }).toMatch(/(^|\s)opacity-100(\s|$)/);
    await expect.poll(() => button.getAttribute("class"), { timeout: 6_000 }).toMatch(/(^|\s)opacity-0(\s|$)/);

    // A later click pauses.
    await button.click();
    expect(await button.getAttribute("data-state")).toBe("paused");
    expect(await video(shown).evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    expect(await page.getByRole("button", { name: "Play intro video" }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it("scrolls to a hash in the URL after the page settles", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport });
    await page.goto("/#faq");
    await waitForHydration(page);
    await page.waitForTimeout(1_500);
    expect(Math.abs((await distanceFromViewportTop(page, "faq")) - 88)).toBeLessThan(24);
    expect(errors).toEqual([]);
    await close();
  });

  it("scrolls to #services and #how-it-works from the hero buttons", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport });
    await page.goto("/");
    await waitForHydration(page);
    await page.locator("#home").getByRole("link", { name: "Start my Journey" }).click();
    await page.waitForURL("**/#services");
    await expect.poll(async () => Math.abs((await distanceFromViewportTop(page, "services")) - 88), { timeout: 5_000 }).toBeLessThan(24);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator("#home").getByRole("link", { name: "Get in Touch" }).click();
    await page.waitForURL("**/#how-it-works");
    await expect.poll(async () => Math.abs((await distanceFromViewportTop(page, "how-it-works")) - 88), { timeout: 5_000 }).toBeLessThan(24);
    expect(errors).toEqual([]);
    await close();
  });
});

describe("the landing page's motion", () => {
  it("swipes the testimonials by touch: 50px or more moves, less does not", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: "mobile", reducedMotion: "reduce" });
    await page.goto("/");
    await waitForHydration(page);
    const slides = page.locator("#testimonial-slides");
    expect(await activeStory(page)).toContain("Thandeka");

    await swipe(page, slides, -40);
    expect(await activeStory(page)).toContain("Thandeka");

    await swipe(page, slides, -80);
    expect(await activeStory(page)).toContain("Ryan Pillay");

    // Swiping left from the last story wraps to the first.
    await swipe(page, slides, -80);
    expect(await activeStory(page)).toContain("Thandeka");

    await swipe(page, slides, 30);
    expect(await activeStory(page)).toContain("Thandeka");

    // Swiping right from the first wraps round to the last.
    await swipe(page, slides, 80);
    expect(await activeStory(page)).toContain("Ryan Pillay");
    expect(errors).toEqual([]);
    await close();
  });

  it("glides once to the services on the first scroll from the top", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: "desktop" });
    await page.goto("/");
    await waitForHydration(page);
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 120);
    await expect.poll(async () => Math.abs((await distanceFromViewportTop(page, "services")) - 88), { timeout: 5_000 }).toBeLessThan(24);

    // Only once: scrolling back to the top and down again stays where the visitor puts it.
    await scrollWindowTo(page, 0);
    // Past the guard that ignores scroll events while the glide runs.
    await waitForPageTimer(page, AUTO_SCROLL_GUARD_MS);
    await scrollWindowTo(page, 150);
    expect(await page.evaluate(() => window.scrollY)).toBe(150);
    expect(errors).toEqual([]);
    await close();
  });

  it("does not auto-scroll, animate or hide anything for visitors who asked for reduced motion", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: "desktop", reducedMotion: "reduce" });
    await page.goto("/");
    await waitForHydration(page);
    await scrollWindowTo(page, 150);
    expect(await page.evaluate(() => window.scrollY)).toBe(150);
    expect(await page.locator("[data-reveal]").count()).toBe(0);
    const arrowAnimation = await page
      .getByRole("link", { name: "Scroll to how the process works" })
      .locator("svg")
      .evaluate((icon) => getComputedStyle(icon).animationName);
    expect(arrowAnimation).toBe("none");
    expect(errors).toEqual([]);
    await close();
  });

  it("reads fine without JavaScript", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: "mobile", javaScriptEnabled: false });
    await page.goto("/");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Build a New Life in the UK");
    expect(await page.locator("[data-reveal]").count()).toBe(0);
    expect(await page.locator("#services a[href='/services#funding']").isVisible()).toBe(true);
    expect(await page.locator("#resources").getByRole("heading", { name: /Your first 30 days in the UK/ }).filter({ visible: true }).count()).toBeGreaterThan(0);
    await page.locator("#faq summary").first().click();
    expect(await page.locator("#faq details[open] p").isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it("logs a warning, not an error, and shows the play button again when the video cannot play", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: "desktop" });
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    await page.route(/\/media\/hero\/intro-.*\.(mp4|webm)$/, (route) =>
      route.fulfill({ status: 200, contentType: "video/webm", body: "this is not a video" }),
    );
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Play intro video" }).click();
    await page.waitForFunction(() => document.querySelector("#home button[data-state]")?.getAttribute("data-state") === "idle", undefined, {
      timeout: 10_000,
    });
    await expect.poll(() => warnings.some((warning) => warning.includes("The hero video could not play"))).toBe(true);
    expect(await page.getByRole("button", { name: "Play intro video" }).isVisible()).toBe(true);
    expect(await page.locator("#home button[data-state]").evaluate((button) => getComputedStyle(button).opacity)).toBe("1");
    expect(errors).toEqual([]);
    await close();
  });

  it("moves playback to the video on screen when the window crosses 1024px", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: "desktop" });
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Play intro video" }).click();
    const playing = (name: string) =>
      page.evaluate((source) => {
        const element = document.querySelector<HTMLVideoElement>(`#home video:has(source[src*="${source}"])`);
        return element !== null && !element.paused;
      }, name);
    await expect.poll(() => playing("intro-wide"), { timeout: 15_000 }).toBe(true);
    await page.setViewportSize({ width: 800, height: 900 });
    await expect.poll(() => playing("intro-tall"), { timeout: 15_000 }).toBe(true);
    expect(await playing("intro-wide")).toBe(false);
    expect(errors).toEqual([]);
    await close();
  });
});
