// The drawings that pages show as images, rendered with sharp from their SVG sources into
// raster files. A page paints a raster image off its main thread; each SVG image costs the
// main thread a document of its own (15-30 ms apiece on a first visit to /, issue 19).
//
// - public/media/services/<name>-<width>.{avif,webp}: the service illustrations, in the widths
//   their slots need (must match app/content/services.ts);
// - public/media/partners/<name>.webp: the partner logos on /, at 480 px (a 144 CSS px slot
//   at up to 3x); lossless-looking WebP, as a logo's lettering must stay sharp.
//
//   node scripts/media/illustrations.mjs
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const media = path.resolve(import.meta.dirname, "../../public/media");
const kb = (file) => `${(statSync(file).size / 1024).toFixed(1)} KB`;

const sets = [
  /** A phone's card thumbnail (112 CSS px, about 2x), and a desktop card or the detail panel. */
  { folder: "services", sourceWidth: 640, widths: [320, 640], suffix: true, avif: { quality: 55, effort: 6 }, webp: { quality: 80, effort: 6 } },
  { folder: "partners", sourceWidth: 240, widths: [480], suffix: false, webp: { quality: 90, effort: 6 } },
];

for (const set of sets) {
  const folder = path.join(media, set.folder);
  for (const file of readdirSync(folder).filter((name) => name.endsWith(".svg")).sort()) {
    const svg = readFileSync(path.join(folder, file));
    for (const width of set.widths) {
      const base = path.join(folder, `${file.replace(/\.svg$/, "")}${set.suffix ? `-${width}` : ""}`);
      // Rendered at the target size from the vector drawing (density scales the SVG), not resampled.
      const raster = await sharp(svg, { density: (72 * width) / set.sourceWidth }).resize(width).png().toBuffer();
      const written = [];
      if (set.avif) {
        await sharp(raster).avif(set.avif).toFile(`${base}.avif`);
        written.push(`avif ${kb(`${base}.avif`)}`);
      }
      await sharp(raster).webp(set.webp).toFile(`${base}.webp`);
      written.push(`webp ${kb(`${base}.webp`)}`);
      console.log(`  media/${set.folder}/${path.basename(base)}  ${written.join("  ")}`);
    }
  }
}
