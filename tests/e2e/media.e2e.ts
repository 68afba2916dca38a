import type { Locator, Page, Request } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { homeServices, partners, serviceThumbs } from "~/content/home.ts";
import { meanDifference } from "../../scripts/media/pixels.ts";
// Aliased: useBrowser is a Vitest fixture, not a React hook (the hooks lint rule goes by the name).
import { openPage, useBrowser as launchBrowser, waitForHydration, waitForVideosToSettle, type ViewportName } from "./support/browser.ts";

// Issue #8 and docs/product.md §1.4: a poster before any video, and not one byte of video until the
// visitor asks for it; the posters themselves come as AVIF in a width that fits the screen.

const browser = launchBrowser();
const viewportNames: ViewportName[] = ["mobile", "desktop"];

function isVideo(request: Request): boolean {
  return request.resourceType() === "media" || /\.(mp4|webm|mov|m4v)(\?|$)/.test(request.url());
}

/** Every request the page makes from now on, by path; `video()` is the ones for video bytes. */
function recordRequests(page: Page) {
  const all: Request[] = [];
  page.on("request", (request) => all.push(request));
  return {
    paths: () => all.map((request) => new URL(request.url()).pathname),
    video: () => all.filter(isVideo).map((request) => new URL(request.url()).pathname),
  };
}

/** What each image drew: its natural width (0 until loaded) and the path of the file it chose. */
function drawnImages(images: Locator) {
  return images.evaluateAll((found) =>
    found.map((image) => ({ naturalWidth: (image as HTMLImageElement).naturalWidth, path: new URL((image as HTMLImageElement).currentSrc).pathname })),
  );
}

/** Draws each drawing `/media/partners/<logo>.svg` on white, at the size of the matching logo's box, and screenshots it. */
async function showDrawingsBeside(page: Page, logos: Locator, drawings: readonly string[]) {
  await logos.evaluateAll((found, names) => {
    const shelf = Object.assign(document.createElement("div"), { id: "drawings" });
    shelf.style.cssText = "position:fixed;inset:0 auto auto 0;z-index:2147483647;background:white";
    for (const [position, image] of found.entries()) {
      const { width, height } = image.getBoundingClientRect();
      const drawing = Object.assign(document.createElement("img"), { src: `/media/partners/${names[position]}.svg`, alt: "" });
      drawing.style.cssText = `display:block;width:${width}px;height:${height}px`;
      shelf.append(drawing);
    }
    document.body.append(shelf);
  }, drawings);
  return screenshotDrawings(page, "#drawings img");
}

/** Once every drawing on the shelf has loaded, a screenshot of each `shot` (the drawing, or the frame around it). */
async function screenshotDrawings(page: Page, shot: string) {
  const images = page.locator("#drawings img");
  await expect.poll(() => images.evaluateAll((found) => found.every((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0))).toBe(true);
  const shots = page.locator(shot);
  return Promise.all(Array.from({ length: await shots.count() }, (_, position) => shots.nth(position).screenshot()));
}

/** Each screenshot in `shown` must look more like the drawing at its own position than like any other (`names` label a failure). */
async function expectEachMostLikeItsOwn(names: readonly string[], shown: Buffer[], drawings: Buffer[], size?: { width: number; height: number }) {
  for (const [position, name] of names.entries()) {
    const differences = await Promise.all(drawings.map((drawing) => screenshotDifference(shown[position]!, drawing, size)));
    expect(differences.indexOf(Math.min(...differences)), `${name}: ${differences.map((d) => d.toFixed(1)).join(", ")}`).toBe(position);
  }
}

/** The mean difference per channel (0-255) between two screenshots, each first scaled to `size` (a logo's 120 x 40) on white. */
async function screenshotDifference(a: Buffer, b: Buffer, size = { width: 120, height: 40 }) {
  const pixels = (png: Buffer) => sharp(png).resize(size.width, size.height, { fit: "fill" }).flatten({ background: "#ffffff" }).removeAlpha().raw().toBuffer();
  const [one, other] = await Promise.all([pixels(a), pixels(b)]);
  return meanDifference(one, other);
}

/** Lets lazy work (idle callbacks, observers, lazy images, any video a script started) happen before looking. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await waitForVideosToSettle(page);
}

describe.each(viewportNames)("media at %s width", (viewport) => {
  it("/ shows the hero poster (AVIF) and fetches no video until Play is clicked", async () => {
    // A returning visitor: the cookie banner is not in front of the play button.
    const { page, errors, close } = await openPage(browser(), { viewport, consent: true });
    const requests = recordRequests(page);
    await page.goto("/");
    await waitForHydration(page);
    await settle(page);

    expect(requests.video()).toEqual([]);
    const poster = viewport === "desktop" ? "poster-wide" : "poster-tall";
    const posters = requests.paths().filter((path) => path.startsWith("/media/hero/poster-"));
    expect(posters).toHaveLength(1);
    expect(posters[0]).toMatch(new RegExp(`^/media/hero/${poster}-\\d+\\.avif$`));
    // Below the fold, the city poster waits until it is scrolled near.
    expect(requests.paths().some((path) => path.startsWith("/media/city/"))).toBe(false);

    await page.getByRole("button", { name: "Play intro video" }).click();
    const shown = viewport === "desktop" ? "intro-wide" : "intro-tall";
    await expect.poll(() => requests.video().filter((path) => path.includes(shown)).length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(requests.video().every((path) => path.startsWith(`/media/hero/${shown}.`))).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it("/ loads the city loop once its section is on screen (with reduced motion, only on a click)", async () => {
    for (const reducedMotion of ["no-preference", "reduce"] as const) {
      const { page, errors, close } = await openPage(browser(), { viewport, consent: true, reducedMotion });
      const requests = recordRequests(page);
      await page.goto("/");
      await waitForHydration(page);
      await settle(page);
      expect(requests.video()).toEqual([]);

      await page.getByRole("heading", { name: "Arrive with a plan, not a gamble" }).scrollIntoViewIfNeeded();
      await expect.poll(() => requests.paths().some((path) => /^\/media\/city\/poster-\d+\.avif$/.test(path))).toBe(true);
      if (reducedMotion === "reduce") {
        await settle(page);
        expect(requests.video()).toEqual([]);
        await page.getByRole("button", { name: "Play background video" }).click();
      }
      await expect.poll(() => requests.video().some((path) => path.startsWith("/media/city/loop.")), { timeout: 15_000 }).toBe(true);
      expect(errors).toEqual([]);
      await close();
    }
  });

  it("/ shows the service illustrations as raster images, not as SVG images: on a phone one image for the five cards, on a desktop an AVIF as wide as the card", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport, consent: true });
    const requests = recordRequests(page);
    await page.goto("/");
    await page.locator("#services").scrollIntoViewIfNeeded();
    await settle(page);
    const pictures = page.locator("#services li img");
    const boxes = page.locator("#services li a > div:first-child");
    await expect.poll(() => pictures.count()).toBe(homeServices.length);
    // An SVG image costs the main thread a document of its own (docs/decisions/036): the drawings stay the source only.
    const fetched = requests.paths().filter((path) => path.startsWith("/media/services/"));
    expect(fetched.filter((path) => path.endsWith(".svg"))).toEqual([]);

    if (viewport === "desktop") {
      // Each card draws its picture: loaded, from the smallest AVIF as wide as its slot (400 px).
      await expect.poll(async () => (await drawnImages(pictures)).every((image) => image.naturalWidth > 0)).toBe(true);
      for (const image of await drawnImages(pictures)) expect(image.path).toMatch(/^\/media\/services\/[a-z]+-640\.avif$/);
      expect(fetched.filter((path) => path.startsWith(serviceThumbs.files))).toEqual([]);
    } else {
      // Fetched beside the first screen, where every request weighs on its LCP (docs/decisions/049):
      // the five thumbnails are one file, asked for once, and the cards' pictures are not fetched.
      expect(fetched).toEqual([`${serviceThumbs.files}.avif`]);
      expect(await pictures.evaluateAll((found) => found.map((image) => getComputedStyle(image).display))).toEqual(homeServices.map(() => "none"));
      const shown = await boxes.evaluateAll((found) =>
        found.map((box) => {
          const style = getComputedStyle(box);
          return { image: style.backgroundImage, size: style.backgroundSize, position: style.backgroundPosition, width: box.getBoundingClientRect().width };
        }),
      );
      for (const [position, box] of shown.entries()) {
        expect(box.image).toContain(`${serviceThumbs.files}.avif?v=`);
        expect(box).toMatchObject({ size: `${serviceThumbs.width * homeServices.length}px ${serviceThumbs.height}px`, position: `${-position * serviceThumbs.width}px 50%`, width: serviceThumbs.width });
      }
      // What each box shows looks most like its own service's drawing: the SVG source, cut as the
      // slice is (covering a slice's box, centred) and drawn at the box's size beside the page.
      const screenshots = await Promise.all(homeServices.map((_, position) => boxes.nth(position).screenshot()));
      await boxes.evaluateAll(
        (found, { ids, slice }) => {
          const shelf = Object.assign(document.createElement("div"), { id: "drawings" });
          shelf.style.cssText = "position:fixed;inset:0 auto auto 0;z-index:2147483647;display:flex;gap:4px";
          for (const [position, box] of found.entries()) {
            const { width, height } = box.getBoundingClientRect();
            const frame = document.createElement("div");
            frame.style.cssText = `position:relative;overflow:hidden;width:${width}px;height:${height}px;background:${getComputedStyle(box).backgroundColor}`;
            const drawing = Object.assign(document.createElement("img"), { src: `/media/services/${ids[position]}.svg`, alt: "" });
            const drawnWidth = (slice.height * 640) / 480;
            drawing.style.cssText = `position:absolute;max-width:none;width:${drawnWidth}px;height:${slice.height}px;left:${(width - drawnWidth) / 2}px;top:${(height - slice.height) / 2}px`;
            frame.append(drawing);
            shelf.append(frame);
          }
          document.body.append(shelf);
        },
        { ids: homeServices.map((service) => service.id), slice: { height: serviceThumbs.height } },
      );
      const drawn = await screenshotDrawings(page, "#drawings > div");
      await expectEachMostLikeItsOwn(
        homeServices.map((service) => service.title),
        screenshots,
        drawn,
        { width: 56, height: 100 },
      );
    }
    expect(errors).toEqual([]);
    await close();
  });

  it("/ shows the five partner logos from one small image, each logo in its own box", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport, consent: true });
    const requests = recordRequests(page);
    await page.goto("/");
    await page.getByRole("heading", { name: "Reliable Partners for Your New Beginning" }).scrollIntoViewIfNeeded();
    await settle(page);

    const names = partners.map((partner) => partner.name);
    const logos = page.getByRole("img", { name: new RegExp(`^(${names.join("|")})$`) });
    await expect.poll(async () => (await drawnImages(logos)).filter((image) => image.naturalWidth === 480).length).toBe(5);
    expect(await logos.evaluateAll((found) => found.map((image) => (image as HTMLImageElement).naturalHeight))).toEqual([800, 800, 800, 800, 800]);
    // Fetched beside the first screen, where every request weighs on its LCP (docs/decisions/048):
    // the five are one file, asked for once, and no drawing is fetched as an SVG image (036).
    expect(requests.paths().filter((path) => path.startsWith("/media/partners/"))).toEqual(["/media/partners/logos.webp"]);
    // A few flat colours in a 16-colour palette, stored losslessly: under 3 KB a logo (045).
    expect((await (await page.request.get("/media/partners/logos.webp")).body()).length).toBeLessThan(5 * 3 * 1024);

    const boxes = await logos.evaluateAll((found) =>
      found.map((image) => {
        const { width, height } = image.getBoundingClientRect();
        return { name: image.getAttribute("alt"), shape: width / height, position: getComputedStyle(image).objectPosition, fit: getComputedStyle(image).objectFit };
      }),
    );
    // Each box has one logo's shape (3:1), and shows the image scaled to its width and moved to
    // that partner's slice: the first logo at the top, the last at the bottom.
    expect(boxes.map((box) => box.name)).toEqual(names);
    for (const [position, box] of boxes.entries()) {
      expect(box.shape, box.name!).toBeCloseTo(3, 1);
      expect(box).toMatchObject({ fit: "cover", position: `50% ${position * 25}%` });
    }
    // What each box shows looks most like its own partner's drawing: the SVG source, drawn on
    // white at the same size once the page's own requests have been checked.
    const shown = await Promise.all(names.map((name) => page.getByRole("img", { name, exact: true }).screenshot()));
    const drawings = await showDrawingsBeside(page, logos, partners.map((partner) => partner.logo));
    await expectEachMostLikeItsOwn(names, shown, drawings);
    expect(errors).toEqual([]);
    await close();
  });

  it("/about fetches no video (nor its poster) until Watch Video is clicked", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport, consent: true });
    const requests = recordRequests(page);
    await page.goto("/about");
    await waitForHydration(page);
    // Past every section, so anything lazy has had its chance to load.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await settle(page);
    expect(requests.video()).toEqual([]);
    expect(requests.paths().some((path) => path.startsWith("/media/people/") && path.includes("-intro"))).toBe(false);
    expect(requests.paths().some((path) => path.endsWith("-poster.webp"))).toBe(false);

    await page.getByRole("button", { name: "Watch Video of Nomvula Mthembu", exact: true }).click();
    await page.getByRole("dialog", { name: "Meet Nomvula Mthembu" }).waitFor();
    await expect.poll(() => requests.video().some((path) => path.startsWith("/media/people/nomvula-mthembu-intro.")), { timeout: 15_000 }).toBe(true);
    expect(requests.video().some((path) => path.includes("pieter-botha"))).toBe(false);
    expect(errors).toEqual([]);
    await close();
  });
});
