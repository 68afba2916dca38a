// The drawings that pages show as images, rendered with sharp from their SVG sources into
// raster files. A page paints a raster image off its main thread; each SVG image costs the
// main thread a document of its own (15-30 ms apiece on a first visit to /, issue 19).
//
// - public/media/services/<name>-<width>.{avif,webp}: the service illustrations, in the widths
//   their slots need (must match app/content/services.ts);
// - public/media/partners/<name>.webp: the partner logos on /, at 480 px (a 144 CSS px slot
//   at up to 3x). A logo is a few flat colours: cut to a 16-colour palette and stored
//   losslessly, its lettering stays sharp in 1.8-2.8 KB, where a lossy WebP at quality 90 took
//   5.3-8.8 KB. One width, in one plain <img>: a srcset would save a kilobyte per logo on a
//   phone but add to the home page's HTML, which is kept within the first round trip
//   (docs/decisions/045).
//
// Both sets are fetched beside /'s first screen, so they weigh on its LCP (issue 19): the
// thumbnails' smallest width is what a phone up to 2x draws, and the logos are kept small.
//
//   node scripts/media/illustrations.mjs
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const media = path.resolve(import.meta.dirname, "../../public/media");
const kb = (file) => `${(statSync(file).size / 1024).toFixed(1)} KB`;

const sets = [
  /** A phone's card thumbnail (112 CSS px, up to 2x), and a desktop card, a 3x phone or the detail panel. */
  { folder: "services", sourceWidth: 640, widths: [224, 640], suffix: true, avif: { quality: 55, effort: 6 }, webp: { quality: 80, effort: 6 } },
  { folder: "partners", sourceWidth: 240, widths: [480], suffix: false, palette: 16, webp: { lossless: true, effort: 6 } },
];

for (const set of sets) {
  const folder = path.join(media, set.folder);
  for (const file of readdirSync(folder).filter((name) => name.endsWith(".svg")).sort()) {
    const svg = readFileSync(path.join(folder, file));
    for (const width of set.widths) {
      const base = path.join(folder, `${file.replace(/\.svg$/, "")}${set.suffix ? `-${width}` : ""}`);
      // Rendered at the target size from the vector drawing (density scales the SVG), not resampled.
      const raster = await sharp(svg, { density: (72 * width) / set.sourceWidth })
        .resize(width)
        .png(set.palette ? { palette: true, colours: set.palette, effort: 10 } : {})
        .toBuffer();
      const formats = set.avif ? ["avif", "webp"] : ["webp"];
      for (const format of formats) await sharp(raster)[format](set[format]).toFile(`${base}.${format}`);
      console.log(`  media/${set.folder}/${path.basename(base)}  ${formats.map((format) => `${format} ${kb(`${base}.${format}`)}`).join("  ")}`);
    }
  }
}
