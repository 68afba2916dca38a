// The service illustrations as WebP in the widths their slots need:
// public/media/services/<name>-<width>.webp, rendered with sharp from the SVGs services.py
// draws. A page paints a WebP off its main thread; each SVG image cost the main thread a
// document of its own (15-20 ms apiece on a first visit to /, issue 19).
//
//   node scripts/media/illustrations.mjs
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const folder = path.resolve(import.meta.dirname, "../../public/media/services");
/** The widths written: a phone's card thumbnail (112 CSS px, ~2x) and a desktop card or the detail panel. */
export const ILLUSTRATION_WIDTHS = [320, 640];
const SOURCE_WIDTH = 640;

for (const file of readdirSync(folder).filter((name) => name.endsWith(".svg")).sort()) {
  const svg = readFileSync(path.join(folder, file));
  for (const width of ILLUSTRATION_WIDTHS) {
    const out = path.join(folder, `${file.replace(/\.svg$/, "")}-${width}.webp`);
    // Rendered at the target size from the vector drawing (density scales the SVG), not resampled.
    await sharp(svg, { density: (72 * width) / SOURCE_WIDTH }).resize(width).webp({ quality: 80, effort: 6 }).toFile(out);
    console.log(`  media/services/${path.basename(out)}  ${(statSync(out).size / 1024).toFixed(1)} KB`);
  }
}
