import type { Cookie, Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { signInAsAdmin } from "./support/admin.ts";
// Aliased: useBrowser is a Vitest fixture, not a React hook (the hooks lint rule goes by the name).
import { INTRO_VIDEO_AUTOPLAY_DELAY_MS, INTRO_VIDEO_VOLUME } from "~/features/about/rules.ts";
import {
  openPage,
  useBrowser as launchBrowser,
  scrollWindowTo,
  viewports,
  waitForHydration,
  waitForPageTimer,
  waitForScrollToRest,
  type TestPage,
  type ViewportName,
} from "./support/browser.ts";
import { bookableSeminarHref, holdSeminarSeat } from "./support/demo-data.ts";

// WCAG 2.2 AA by keyboard (issue #8): dialogs keep focus inside and give it back, the skip
// link and the mobile menu work from the keyboard, every focused control shows where focus
// is and is not hidden under the sticky bar, carousels never move by themselves (or can be
// paused), and a visitor who asked for reduced motion gets no motion or autoplaying video.

const browser = launchBrowser();
const viewportNames: ViewportName[] = ["mobile", "desktop"];

/** Server round trips and Radix's focus moves can take a moment. */
const eventually = <T>(read: () => Promise<T>, timeout = 5_000) => expect.poll(read, { timeout });

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** The focused element, described for a failure message; "" when nothing (the body) has focus. */
const focusedElement = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "";
    const name = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? "";
    return `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}> ${name}`;
  });

const focusInsideDialog = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest("[role=dialog]")));

/** How many elements inside the open dialog take focus with Tab. */
const tabStopsInDialog = (page: Page) =>
  page.evaluate(() => {
    // The open one: closed filter popovers are dialogs too, hidden.
    const dialog = [...document.querySelectorAll("[role=dialog]")].findLast((candidate) => candidate.getClientRects().length > 0);
    if (!dialog) return 0;
    const candidates = dialog.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, video[controls], [tabindex]");
    return [...candidates].filter((element) => element.tabIndex >= 0 && !element.matches(":disabled") && element.getClientRects().length > 0).length;
  });

/**
 * A modal dialog: focus starts inside it, Tab and Shift+Tab cycle inside it (one full
 * round and more each way), and closing it (Escape, or `close`) gives focus back to
 * `returnTo` (its opener).
 */
async function expectModalFocus(page: Page, dialog: Locator, returnTo: Locator, close: "Escape" | ((dialog: Locator) => Promise<void>) = "Escape") {
  await dialog.waitFor();
  await eventually(() => focusInsideDialog(page)).toBe(true);
  const stops = await tabStopsInDialog(page);
  expect(stops, "a dialog has something to focus").toBeGreaterThan(0);
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let press = 0; press < stops + 2; press++) {
      await page.keyboard.press(key);
      expect(await focusInsideDialog(page), `focus left the dialog after ${press + 1} × ${key} (now on ${await focusedElement(page)})`).toBe(true);
    }
  }
  if (close === "Escape") await page.keyboard.press("Escape");
  else await close(dialog);
  await dialog.waitFor({ state: "detached" });
  await eventually(() => isFocused(returnTo)).toBe(true);
}

/** Opens a dialog from its opener with the keyboard (focus, then Enter), as a keyboard user would. */
async function openWithKeyboard(opener: Locator) {
  await opener.focus();
  await opener.page().keyboard.press("Enter");
}

describe("dialogs keep focus inside and give it back", () => {
  let adminCookies: Cookie[] = [];

  beforeAll(async () => {
    const { page, context, close } = await openPage(browser(), { consent: true });
    await signInAsAdmin(page);
    adminCookies = await context.cookies();
    await close();
  });

  async function adminPage(path: string): Promise<TestPage> {
    const test = await openPage(browser(), { consent: true });
    await test.context.addCookies(adminCookies);
    await test.page.goto(path);
    await waitForHydration(test.page);
    return test;
  }

  it.each(viewportNames)("about: the intro video dialog (Escape, then the close button) at %s width", async (viewport) => {
    const { page, errors, close } = await openPage(browser(), { viewport, consent: true });
    await page.goto("/about");
    await waitForHydration(page);
    const watch = page.getByRole("button", { name: /^Watch Video of / }).first();
    await openWithKeyboard(watch);
    await expectModalFocus(page, page.getByRole("dialog", { name: /^Meet / }), watch);
    await openWithKeyboard(watch);
    await expectModalFocus(page, page.getByRole("dialog", { name: /^Meet / }), watch, (dialog) => dialog.getByRole("button", { name: "Close video" }).click());
    expect(errors.filter((error) => !error.includes("intro video"))).toEqual([]);
    await close();
  });

  it("services: the full-screen service overlay on a phone", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: "mobile", consent: true });
    await page.goto("/services");
    await waitForHydration(page);
    const tab = page.getByRole("tab", { name: /Vehicle/ });
    await openWithKeyboard(tab);
    await expectModalFocus(page, page.getByTestId("service-overlay"), tab);
    expect(errors).toEqual([]);
    await close();
  });

  it("events: the payment dialog, which opens by itself, hands focus to the payment panel on the page", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: "mobile", consent: true });
    const href = await bookableSeminarHref(page);
    const dialog = await holdSeminarSeat(page, href, `keyboard.${Date.now()}@example.com`);
    const panel = page.getByRole("region", { name: "Your seat is reserved" });
    await expectModalFocus(page, dialog, panel.getByRole("heading", { name: "Your seat is reserved" }));
    // Give the seat back, from the keyboard.
    const cancel = panel.getByRole("button", { name: "Cancel" });
    await cancel.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/events");
    expect(errors).toEqual([]);
    await close();
  });

  it("admin users: create, edit, a user's consultations and delete", async () => {
    const { page, errors, close } = await adminPage("/admin/users");
    const create = page.getByRole("link", { name: "Create User" });
    await openWithKeyboard(create);
    await expectModalFocus(page, page.getByRole("dialog", { name: "Create New User" }), create);

    const edit = page.locator('tbody a[href*="edit="]').first();
    await openWithKeyboard(edit);
    await expectModalFocus(page, page.getByRole("dialog", { name: "Edit User Details" }), edit, (dialog) =>
      dialog.getByRole("link", { name: "Cancel" }).or(dialog.getByRole("button", { name: "Cancel" })).first().click(),
    );

    const counts = page.locator('tbody a[href*="consultations="]').first();
    await openWithKeyboard(counts);
    await expectModalFocus(page, page.getByRole("dialog", { name: /^Consultations of / }), counts);

    const remove = page.locator('tbody a[href*="delete="]').first();
    await openWithKeyboard(remove);
    await expectModalFocus(page, page.getByRole("dialog", { name: "Delete User" }), remove, (dialog) => dialog.getByRole("button", { name: "Cancel" }).click());
    expect(errors).toEqual([]);
    await close();
  });

  it("admin consultations: book, details and delete", async () => {
    const { page, errors, close } = await adminPage("/admin/consultations");
    const book = page.getByRole("link", { name: "Book Consultation" });
    await openWithKeyboard(book);
    await expectModalFocus(page, page.getByRole("dialog", { name: "Book Consultation" }), book);

    const details = page.getByRole("link", { name: /^View details of / }).first();
    await openWithKeyboard(details);
    await expectModalFocus(page, page.getByRole("dialog", { name: /^Consultation: / }), details);

    const remove = page.getByRole("link", { name: /^Delete .*consultation$/ }).first();
    await openWithKeyboard(remove);
    // One with money on record is kept (docs/decisions/015): its dialog says so and offers "Go back".
    await expectModalFocus(page, page.getByRole("dialog"), remove, (dialog) => dialog.getByRole("button", { name: /^(Cancel|Go back)$/ }).click());
    expect(errors).toEqual([]);
    await close();
  });

  it("admin seminars: create, edit and manage attendees", async () => {
    const { page, errors, close } = await adminPage("/admin/seminars");
    const create = page.getByRole("link", { name: "Create Seminar" });
    await openWithKeyboard(create);
    await expectModalFocus(page, page.getByRole("dialog", { name: "Create Seminar" }), create);

    const edit = page.locator('main a[href*="edit="]').first();
    await openWithKeyboard(edit);
    await expectModalFocus(page, page.getByRole("dialog", { name: "Edit Seminar" }), edit);

    const attendees = page.getByRole("link", { name: /Manage Attendees/ }).first();
    await openWithKeyboard(attendees);
    await expectModalFocus(page, page.getByRole("dialog"), attendees);
    expect(errors).toEqual([]);
    await close();
  });

  it("admin blog: the delete-post confirmation", async () => {
    const { page, errors, close } = await adminPage("/admin/blog");
    const remove = page.getByRole("button", { name: /^Delete “/ }).first();
    await openWithKeyboard(remove);
    await expectModalFocus(page, page.getByRole("dialog", { name: "Delete this post?" }), remove, (dialog) => dialog.getByRole("button", { name: "Cancel" }).click());
    expect(errors).toEqual([]);
    await close();
  });
});

describe.each(viewportNames)("keyboard navigation at %s width", (viewport) => {
  it("the skip link is the first stop, shows itself, and jumps past the navigation to the main content", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport, consent: true });
    await page.goto("/events");
    await waitForHydration(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    expect(await isFocused(skip)).toBe(true);
    const box = await skip.boundingBox();
    expect(box && box.width > 20 && box.height > 20 && box.y >= 0, "the focused skip link is visible").toBe(true);
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main#main"))), `Tab after the skip link reached ${await focusedElement(page)}`).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it("the skip link works on the admin pages too", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport, consent: true });
    await signInAsAdmin(page);
    // A fresh document load, as when an admin opens the portal: after the sign-in's client
    // navigation the route-change focus handling may still be moving focus.
    await page.goto("/admin/dashboard");
    await waitForHydration(page);
    await page.keyboard.press("Tab");
    expect(await isFocused(page.getByRole("link", { name: "Skip to content" }))).toBe(true);
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main#main"))), `Tab after the skip link reached ${await focusedElement(page)}`).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });
});

describe("the mobile menu by keyboard", () => {
  it("opens with Enter or Space, is next in the tab order, closes with Escape (focus back on the toggle) and after a link", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: "mobile", consent: true });
    await page.goto("/about");
    await waitForHydration(page);
    const toggle = page.getByRole("button", { name: "Open menu" });
    const menu = page.locator("#mobile-menu");

    // Reached with Tab: skip link, logo, then the toggle.
    for (let press = 0; press < 3; press++) await page.keyboard.press("Tab");
    expect(await isFocused(toggle), `the third Tab stop is the menu toggle, not ${await focusedElement(page)}`).toBe(true);
    await page.keyboard.press("Enter");
    const opened = page.getByRole("button", { name: "Close menu" });
    expect(await opened.getAttribute("aria-expanded")).toBe("true");
    expect(await menu.isVisible()).toBe(true);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("#mobile-menu")))).toBe(true);

    await page.keyboard.press("Escape");
    expect(await menu.isVisible()).toBe(false);
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await isFocused(toggle)).toBe(true);

    await page.keyboard.press("Space");
    expect(await menu.isVisible()).toBe(true);
    await menu.getByRole("link", { name: "Events" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/events");
    await eventually(() => menu.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await close();
  });
});

/**
 * Tabs through the page (forwards, then back) and fails for every stop without a visible
 * focus indicator (WCAG 2.4.7: an outline, or a ring drawn as a box shadow, on the element;
 * or an outline on a box around it or on the label drawn for a visually hidden input) or
 * hidden under a fixed or sticky bar (WCAG 2.4.11).
 */
async function focusProblems(page: Page, stops: number): Promise<string[]> {
  const problems: string[] = [];
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let press = 0; press < stops; press++) {
      await page.keyboard.press(key);
      const problem = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        const outlined = (candidate: Element | null | undefined) => {
          if (!candidate) return false;
          const style = getComputedStyle(candidate);
          return style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 1;
        };
        const label = (element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`) : null) ?? element.closest("label");
        const ancestors: Element[] = [];
        for (let ancestor = element.parentElement; ancestor && ancestors.length < 4; ancestor = ancestor.parentElement) ancestors.push(ancestor);
        const shown =
          outlined(element) ||
          getComputedStyle(element).boxShadow !== "none" ||
          ancestors.some(outlined) ||
          outlined(element.nextElementSibling) ||
          outlined(label);
        const name = `<${element.tagName.toLowerCase()}> ${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}`;
        if (!shown) return `${name}: no visible focus indicator`;

        // A control must not sit under a fixed or sticky bar: the start of a small one, or all
        // of a tall one (a tab panel, a text area) that cannot fit in the window anyway.
        const drawn = element.getBoundingClientRect().width > 2 ? element : (label ?? element.parentElement ?? element);
        const box = drawn.getClientRects()[0];
        if (!box) return null;
        const coverAt = (y: number) => {
          const x = Math.min(Math.max(box.left + Math.min(box.width / 2, 16), 0), window.innerWidth - 1);
          for (let cover = document.elementFromPoint(x, Math.min(y, window.innerHeight - 1)); cover && cover !== document.body; cover = cover.parentElement) {
            if (cover.contains(drawn)) return null;
            const position = getComputedStyle(cover).position;
            if (position === "fixed" || position === "sticky") return cover;
          }
          return null;
        };
        const shownTop = Math.max(box.top, 0);
        const shownBottom = Math.min(box.bottom, window.innerHeight);
        if (shownBottom <= shownTop) return `${name}: outside the window`;
        const samples =
          box.height > 120 ? [0.1, 0.3, 0.5, 0.7, 0.9].map((share) => shownTop + (shownBottom - shownTop) * share) : [box.top + Math.min(box.height / 2, 8)];
        const covers = samples.map(coverAt);
        const cover = covers.every(Boolean) ? covers[0] : null;
        if (cover) return `${name}: hidden under <${cover.tagName.toLowerCase()} class="${cover.getAttribute("class")?.slice(0, 50) ?? ""}">`;
        return null;
      });
      if (problem && !problems.includes(`${key}: ${problem}`)) problems.push(`${key}: ${problem}`);
    }
  }
  return problems;
}

describe.each(viewportNames)("visible focus at %s width", (viewport) => {
  it.each(["/", "/about", "/services", "/events", "/blog", "/consultations/book", "/legal", "/admin/login"])("every stop on %s shows focus and is not hidden", async (path) => {
    const { page, errors, close } = await openPage(browser(), { viewport, reducedMotion: "reduce", consent: true });
    await page.goto(path);
    await waitForHydration(page);
    expect(await focusProblems(page, 40)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it("every stop on the admin pages shows focus and is not hidden", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport, reducedMotion: "reduce", consent: true });
    await signInAsAdmin(page);
    const problems: string[] = [];
    for (const path of ["/admin/dashboard", "/admin/users", "/admin/consultations", "/admin/seminars", "/admin/blog/new", "/admin/profile"]) {
      await page.goto(path);
      await waitForHydration(page);
      problems.push(...(await focusProblems(page, 30)).map((problem) => `${path}: ${problem}`));
    }
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});

/** The active slide's label of every carousel on the page. */
const slidePositions = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[aria-roledescription="carousel"]')].map(
      (carousel) => `${carousel.getAttribute("aria-label")}: ${carousel.querySelector('[aria-roledescription="slide"][data-active="true"]')?.getAttribute("aria-label")}`,
    ),
  );

/** WCAG 2.2.2: content that moves by itself for more than 5 seconds. */
const AUTO_MOVE_WATCH_MS = 5_500;

describe("carousels", () => {
  it("never move by themselves, or can be paused and stop on hover and focus; never under reduced motion", async () => {
    const moving = await openPage(browser(), { viewport: "mobile", consent: true });
    const still = await openPage(browser(), { viewport: "mobile", reducedMotion: "reduce", consent: true });
    for (const { page } of [moving, still]) {
      await page.goto("/");
      await waitForHydration(page);
    }
    const carousels = moving.page.locator('[aria-roledescription="carousel"]');
    // The testimonials and, on a phone, the latest articles.
    expect(await carousels.count()).toBeGreaterThanOrEqual(2);

    const before = await Promise.all([slidePositions(moving.page), slidePositions(still.page)]);
    await moving.page.waitForTimeout(AUTO_MOVE_WATCH_MS);
    const after = await Promise.all([slidePositions(moving.page), slidePositions(still.page)]);
    expect(after[1], "no carousel moves under reduced motion").toEqual(before[1]);

    for (let index = 0; index < (await carousels.count()); index++) {
      const carousel = carousels.nth(index);
      const name = await carousel.getAttribute("aria-label");
      if (after[0][index] !== before[0][index]) {
        // It moves by itself: it needs a pause control, and must hold still while pointed at or focused.
        const pause = carousel.getByRole("button", { name: /pause/i });
        expect(await pause.count(), `${name} moves by itself, so it needs a pause button`).toBe(1);
        for (const hold of [() => carousel.hover(), () => carousel.getByRole("button").first().focus()]) {
          await hold();
          const held = await slidePositions(moving.page);
          await moving.page.waitForTimeout(AUTO_MOVE_WATCH_MS);
          expect(await slidePositions(moving.page), `${name} moved while hovered or focused`).toEqual(held);
        }
      }

      // Keyboard: the next button and the arrow keys move it; slides out of view take no focus.
      const next = carousel.getByRole("button", { name: /^Next / });
      const start = (await slidePositions(moving.page))[index];
      await next.focus();
      await moving.page.keyboard.press("Enter");
      await eventually(async () => (await slidePositions(moving.page))[index]).not.toBe(start);
      await moving.page.keyboard.press("ArrowLeft");
      await eventually(async () => (await slidePositions(moving.page))[index]).toBe(start);
      expect(await carousel.locator('[aria-roledescription="slide"]:not([data-active]) :is(a, button)').evaluateAll((elements) => elements.every((element) => element.closest("[inert]")))).toBe(true);
    }
    expect(moving.errors).toEqual([]);
    await moving.close();
    await still.close();
  });
});

describe("reduced motion", () => {
  it.each(viewportNames)("moves nothing and plays no video on / at %s width", async (viewport) => {
    const { page, errors, close } = await openPage(browser(), { viewport, reducedMotion: "reduce", consent: true });
    await page.goto("/");
    await waitForHydration(page);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("auto");

    // Through the whole page a screen at a time, as a reader would.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let top = 0; top < height; top += Math.round(viewports[viewport].height * 0.8)) {
      await scrollWindowTo(page, top);
    }
    const motion = await page.evaluate(() => ({
      // Fade-in blocks stay where they are, shown from the start.
      waitingToReveal: document.querySelectorAll("[data-reveal=waiting]").length,
      // Nothing animates: every transition and animation is cut to (next to) nothing.
      running: document
        .getAnimations()
        .filter((animation) => animation.playState === "running")
        .map((animation) => (animation as CSSAnimation).animationName ?? (animation as CSSTransition).transitionProperty ?? "animation"),
      slowTransitions: [...document.querySelectorAll<HTMLElement>("body *")]
        .filter((element) => getComputedStyle(element).transitionDuration.split(",").some((duration) => parseFloat(duration) > 0.001))
        .map((element) => element.tagName.toLowerCase())
        .slice(0, 5),
      videos: [...document.querySelectorAll("video")].map((video) => ({ autoplay: video.autoplay, paused: video.paused })),
    }));
    expect(motion.waitingToReveal).toBe(0);
    expect(motion.running).toEqual([]);
    expect(motion.slowTransitions).toEqual([]);
    expect(motion.videos.length).toBeGreaterThan(0);
    expect(motion.videos.every((video) => !video.autoplay && video.paused), "no video plays by itself").toBe(true);

    // The first scroll does not glide on to the services section.
    await scrollWindowTo(page, 0);
    await page.evaluate(() => window.addEventListener("scroll", () => (document.documentElement.dataset.wheelScrolled = "true"), { once: true }));
    await page.mouse.wheel(0, 40);
    await page.waitForFunction(() => document.documentElement.dataset.wheelScrolled === "true");
    await waitForScrollToRest(page);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(200);
    expect(errors).toEqual([]);
    await close();
  });

  it("the about page's intro video waits for the play button", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: "desktop", reducedMotion: "reduce", consent: true });
    await page.goto("/about");
    await waitForHydration(page);
    await page.getByRole("button", { name: /^Watch Video of / }).first().click();
    const video = page.getByRole("dialog").locator("video");
    await video.waitFor();
    // The video's effect has run (it sets the volume first), and so has any autoplay timer it set.
    await page.waitForFunction((volume) => document.querySelector<HTMLVideoElement>("[role=dialog] video")?.volume === volume, INTRO_VIDEO_VOLUME);
    await waitForPageTimer(page, INTRO_VIDEO_AUTOPLAY_DELAY_MS);
    expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    expect(await video.getAttribute("controls")).not.toBeNull();
    expect(errors).toEqual([]);
    await close();
  });

  it("without reduced motion, the city video that starts by itself has a pause button that stops it", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: "desktop", consent: true });
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("heading", { level: 2, name: /./ }).first().waitFor();
    const section = page.locator(`section[aria-labelledby="city-heading"]`);
    await section.scrollIntoViewIfNeeded();
    const playing = () => section.locator("video").evaluate((element: HTMLVideoElement) => !element.paused);
    await eventually(playing, 15_000).toBe(true);
    const pause = section.getByRole("button", { name: "Pause background video" });
    await pause.focus();
    await page.keyboard.press("Enter");
    await eventually(playing).toBe(false);
    // The label follows the video's pause event, which fires a moment after the video stops.
    await eventually(() => section.getByRole("button", { name: "Play background video" }).count()).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });
});
