import { readFileSync } from "node:fs";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { describe, expect, it } from "vitest";
import { homeServices, serviceThumbs } from "~/content/home.ts";
// @ts-expect-error plain ESM script, run by hand (scripts/media/README.md)
import { renderThumb, SERVICE_THUMBS, versionOf } from "./illustrations.mjs";
import { meanDifference } from "./pixels.ts";

const media = path.resolve(import.meta.dirname, "../../public/media");

/** RGB pixels of a PNG or WebP. */
const pixels = (image: Sharp) => image.removeAlpha().raw().toBuffer();

describe("the service thumbnails image (docs/decisions/049)", () => {
  const css = readFileSync(path.resolve(import.meta.dirname, "../../app/app.css"), "utf8");
  const utility = css.slice(css.indexOf("@utility thumb-slice"), css.indexOf("\n}\n", css.indexOf("@utility thumb-slice")));

  it("is asked for, in AVIF and in WebP, under addresses that change with their content, at its CSS size", () => {
    for (const format of ["avif", "webp"]) {
      const addresses = [...utility.matchAll(new RegExp(`url\\("${serviceThumbs.files}\\.${format}\\?v=(\\w+)"\\)`, "g"))].map((found) => found[1]);
      expect(addresses.length, `thumb-slice in app/app.css names thumbs.${format}`).toBeGreaterThan(0);
      for (const version of addresses) expect(version, `set thumbs.${format}'s v= in app/app.css to the hash that illustrations.mjs prints`).toBe(versionOf(path.join(media, `services/thumbs.${format}`)));
    }
    expect(utility).toContain(`background-size: ${serviceThumbs.width * homeServices.length}px ${serviceThumbs.height}px;`);
  });

  it("is drawn in the order the home page shows its service cards", () => {
    expect(homeServices.map((service) => service.id)).toEqual(SERVICE_THUMBS);
  });

  it.each(["avif", "webp"])("holds each card's drawing at its position, one slice at twice its CSS size apiece (%s)", async (format) => {
    const file = path.join(media, `services/thumbs.${format}`);
    const { width, height } = await sharp(file).metadata();
    const slice = { width: 2 * serviceThumbs.width, height: 2 * serviceThumbs.height };
    expect({ width, height }).toEqual({ width: slice.width * homeServices.length, height: slice.height });

    const drawings = await Promise.all(homeServices.map(async (service) => pixels(sharp(await renderThumb(readFileSync(path.join(media, "services", `${service.id}.svg`)))))));
    for (const [position, service] of homeServices.entries()) {
      const held = await pixels(sharp(file).extract({ left: position * slice.width, top: 0, ...slice }));
      // Stored lossy, a slice differs from its drawing by a little...
      const own = meanDifference(held, drawings[position]!);
      expect(own, service.title).toBeLessThan(3);
      // ...and from every other card's drawing by far more.
      for (const [other, drawing] of drawings.entries()) if (other !== position) expect(meanDifference(held, drawing), `${service.title} against ${homeServices[other]!.title}`).toBeGreaterThan(3 * own + 5);
    }
  });
});
