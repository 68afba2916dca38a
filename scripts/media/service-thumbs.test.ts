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
  const address = new URL(serviceThumbs.src, "http://site");
  const file = path.join(media, address.pathname.replace(/^\/media\//, ""));

  it("is asked for under an address that changes with its content", () => {
    expect(address.searchParams.get("v"), "set serviceThumbs.src's v= to the hash that illustrations.mjs prints").toBe(versionOf(file));
  });

  it("is drawn in the order the home page shows its service cards", () => {
    expect(homeServices.map((service) => service.id)).toEqual(SERVICE_THUMBS);
  });

  it("holds each card's drawing at its position, one slice at twice its CSS size apiece", async () => {
    const { width, height } = await sharp(file).metadata();
    const slice = { width: 2 * serviceThumbs.width, height: 2 * serviceThumbs.height };
    expect({ width, height }).toEqual({ width: slice.width * homeServices.length, height: slice.height });

    const drawings = await Promise.all(homeServices.map(async (service) => pixels(sharp(await renderThumb(readFileSync(path.join(media, "services", `${service.id}.svg`)))))));
    for (const [position, service] of homeServices.entries()) {
      const held = await pixels(sharp(file).extract({ left: position * slice.width, top: 0, ...slice }));
      // Stored as a lossy WebP, a slice differs from its drawing by a little...
      const own = meanDifference(held, drawings[position]!);
      expect(own, service.title).toBeLessThan(3);
      // ...and from every other card's drawing by far more.
      for (const [other, drawing] of drawings.entries()) if (other !== position) expect(meanDifference(held, drawing), `${service.title} against ${homeServices[other]!.title}`).toBeGreaterThan(3 * own + 5);
    }
  });
});
