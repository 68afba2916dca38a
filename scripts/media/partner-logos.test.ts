import { readFileSync } from "node:fs";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { describe, expect, it } from "vitest";
import { partnerLogos, partners } from "~/content/home.ts";
// @ts-expect-error plain ESM script, run by hand (scripts/media/README.md)
import { PARTNER_LOGOS, renderLogo, versionOf } from "./illustrations.mjs";
import { meanDifference } from "./pixels.ts";

const media = path.resolve(import.meta.dirname, "../../public/media");

/** RGBA pixels of a PNG or WebP, alpha included (the logos' background is transparent). */
const pixels = (image: Sharp) => image.ensureAlpha().raw().toBuffer();


describe("the partner logos image (docs/decisions/048)", () => {
  const address = new URL(partnerLogos.src, "http://site");
  const file = path.join(media, address.pathname.replace(/^\/media\//, ""));

  it("is asked for under an address that changes with its content", () => {
    expect(address.searchParams.get("v"), "set partnerLogos.src's v= to the hash that illustrations.mjs prints").toBe(versionOf(file));
  });

  it("is drawn in the order the home page lists the partners", () => {
    expect(partners.map((partner) => partner.logo)).toEqual(PARTNER_LOGOS);
  });

  it("holds each partner's drawing at its position, one logo's box at twice its size apiece", async () => {
    const { width, height } = await sharp(file).metadata();
    const slice = { width: 2 * partnerLogos.width, height: 2 * partnerLogos.height };
    expect({ width, height }).toEqual({ width: slice.width, height: slice.height * partners.length });

    const drawings = await Promise.all(partners.map(async (partner) => pixels(sharp(await renderLogo(readFileSync(path.join(media, "partners", `${partner.logo}.svg`)))))));
    for (const [position, partner] of partners.entries()) {
      const held = await pixels(sharp(file).extract({ left: 0, top: position * slice.height, ...slice }));
      // Cut to a 16-colour palette, a logo differs from its drawing by a shade at its edges...
      const own = meanDifference(held, drawings[position]!);
      expect(own, partner.name).toBeLessThan(2);
      // ...and from every other partner's drawing by far more.
      for (const [other, drawing] of drawings.entries()) if (other !== position) expect(meanDifference(held, drawing), `${partner.name} against ${partners[other]!.name}`).toBeGreaterThan(5 * own + 5);
    }
  });
});
