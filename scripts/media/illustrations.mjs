// The service illustrations in the widths their slots need, in AVIF and WebP:
// public/media/services/<name>-<width>.{avif,webp}, rendered with sharp from the SVGs
// services.py draws. A page paints these off its main thread; each SVG image cost the main
// thread a document of its own (15-20 ms apiece on a first visit to /, issue 19). The widths
// must match app/content/services.ts.
//
//   node scripts/media/illustrations.mjs
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const folder = path.resolve(import.meta.dirname, "../../public/media/services");
/** A phone's card thumbnail (112 CSS px, about 2x), and a desktop card or the detail panel. */
const WIDTHS = [320, 640];
const SOURCE_WIDTH = 640;
const kb = (file) => `${(statSync(file).size / 1024).toFixed(1)} KB`;

for (const file of readdirSync(folder).filter((name) => name.endsWith(".svg")).sort()) {
  const svg = readFileSync(path.join(folder, file));
  for (const width of WIDTHS) {
    const base = path.join(folder, `${file.replace(/\.svg$/, "")}-${width}`);
    // Rendered at the target size from the vector drawing (density scales the SVG), not resampled.
    const raster = await sharp(svg, { density: (72 * width) / SOURCE_WIDTH }).resize(width).png().toBuffer();
    await sharp(raster).avif({ quality: 55, effort: 6 }).toFile(`${base}.avif`);
    await sharp(raster).webp({ quality: 80, effort: 6 }).toFile(`${base}.webp`);
    console.log(`  media/services/${path.basename(base)}  avif ${kb(`${base}.avif`)}  webp ${kb(`${base}.webp`)}`);
  }
}
