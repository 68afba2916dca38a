// The still images behind the home hero and the city section, in the widths their slots need
// and in AVIF and WebP: public/media/hero/poster-{tall,wide}-<width>.{avif,webp} and
// public/media/city/poster-<width>.{avif,webp}. Drawn from the same SVG scenes as the videos
// (hero.py and city.py, standard library only) and rendered with sharp, so neither
// rsvg-convert nor ffmpeg is needed. The widths must match app/content/home.ts.
//
//   node scripts/media/posters.mjs            # all
//   node scripts/media/posters.mjs hero city  # only these
import { execFileSync } from "node:child_process";
import { mkdirSync, statSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const here = import.meta.dirname;
const media = path.resolve(here, "../../public/media");

/** name → the Python expression that draws it, its size, and the widths to write. */
const posters = [
  { out: "hero/poster-tall", scene: "hero.scene('tall', 0.5)", width: 900, height: 1200, widths: [480, 720, 900] },
  { out: "hero/poster-wide", scene: "hero.scene('wide', 0.5)", width: 1600, height: 900, widths: [1024, 1280, 1600] },
  { out: "city/poster", scene: "city.scene(0.3)", width: 1600, height: 900, widths: [800, 1200, 1600] },
];

function drawScene(expression) {
  const python = process.env.PYTHON ?? "python3";
  const code = `import sys; sys.path.insert(0, ${JSON.stringify(here)}); import hero, city; sys.stdout.write(${expression})`;
  return execFileSync(python, ["-c", code], { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1" } });
}

const kb = (file) => `${(statSync(file).size / 1024).toFixed(1)} KB`;

const only = process.argv.slice(2);
for (const poster of posters.filter((one) => !only.length || only.some((name) => one.out.startsWith(`${name}/`)))) {
  const svg = drawScene(poster.scene);
  for (const width of poster.widths) {
    const height = Math.round((poster.height * width) / poster.width);
    // Rendered at the target size from the vector scene (density scales the SVG), not resampled from a raster.
    const raster = await sharp(svg, { density: (72 * width) / poster.width }).resize(width, height).png().toBuffer();
    const base = path.join(media, `${poster.out}-${width}`);
    mkdirSync(path.dirname(base), { recursive: true });
    await sharp(raster).avif({ quality: 55, effort: 6 }).toFile(`${base}.avif`);
    await sharp(raster).webp({ quality: 78, effort: 6 }).toFile(`${base}.webp`);
    console.log(`  media/${poster.out}-${width}  ${width}x${height}  avif ${kb(`${base}.avif`)}  webp ${kb(`${base}.webp`)}`);
  }
}
