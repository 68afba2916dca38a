// The drawings that pages show as images, rendered with sharp from their SVG sources into
// raster files. A page paints a raster image off its main thread; each SVG image costs the
// main thread a document of its own (15-30 ms apiece on a first visit to /, issue 19).
//
// - public/media/services/<name>-<width>.{avif,webp}: the service illustrations, in the widths
//   their slots need (must match app/content/services.ts);
// - public/media/partners/logos.webp: the five partner logos on /, each at 480 x 160 (a
//   144 CSS px slot at up to 3x), one under another in PARTNER_LOGOS' order: one request for
//   the five, where there were five (docs/decisions/048). A logo is a few flat colours: cut to
//   a 16-colour palette and stored losslessly, its lettering stays sharp in 2-3 KB a logo,
//   where a lossy WebP at quality 90 took 5.3-8.8 KB (docs/decisions/045).
//
// - public/media/services/thumbs.{avif,webp}: the first five services' thumbnails as a phone's
//   cards on / show them, side by side in SERVICE_THUMBS' order, each 224 x 400 (a 112 x 200 CSS
//   px slice at 2x): one request for the five, where there were five (docs/decisions/049).
//
// All of these are fetched beside /'s first screen, so they weigh on its LCP (issue 19): the
// fewer requests the better, and the smallest width is what a phone up to 2x draws.
//
//   node scripts/media/illustrations.mjs
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const media = path.resolve(import.meta.dirname, "../../public/media");
const kb = (file) => `${(statSync(file).size / 1024).toFixed(1)} KB`;

/** A phone's card thumbnail (112 CSS px, up to 2x), and a desktop card, a 3x phone or the detail panel. */
const SERVICES = { sourceWidth: 640, widths: [224, 640], avif: { quality: 55, effort: 6 }, webp: { quality: 80, effort: 6 } };

/**
 * The partner logos' drawings (media/partners/<name>.svg, 240 x 80), top to bottom in
 * logos.webp: the order of `partners` in app/content/home.ts, whose position picks a logo's
 * slice (scripts/media/partner-logos.test.ts compares each slice with its drawing).
 */
export const PARTNER_LOGOS = ["albion-bank", "harbour-lettings", "meridian-motor-finance", "northgate-recruitment", "cape-to-crown-legal"];
const LOGO = { sourceWidth: 240, width: 480, height: 160, palette: 16 };

/** A partner's drawing as the sprite holds it: rendered at 480 x 160 from the vector, not resampled. */
export async function renderLogo(svg) {
  const { width, height } = await sharp(svg).metadata();
  if (width * LOGO.height !== height * LOGO.width) throw new Error(`A partner's drawing must be 3:1 like its slot, not ${width} x ${height}`);
  return sharp(svg, { density: (72 * LOGO.width) / LOGO.sourceWidth }).resize(LOGO.width, LOGO.height).png().toBuffer();
}

/**
 * The services whose thumbnails thumbs.{avif,webp} hold, left to right: the home page's five service
 * cards, in their order (`homeServices` in app/content/home.ts; scripts/media/service-thumbs.test.ts
 * compares each slice with its drawing).
 */
export const SERVICE_THUMBS = ["funding", "employment", "accommodation", "vehicle", "legal"];
const THUMB = { width: 224, height: 400 };

/**
 * A service's drawing (640 x 480) as the thumbnails image holds it: rendered from the vector at the slice's
 * height, and its middle cut to the slice's width, as `object-fit: cover` would.
 */
export async function renderThumb(svg) {
  const { width, height } = await sharp(svg).metadata();
  return sharp(svg, { density: (72 * THUMB.height) / height })
    .resize(Math.ceil((width * THUMB.height) / height), THUMB.height)
    .resize(THUMB.width, THUMB.height, { fit: "cover" })
    .png()
    .toBuffer();
}

/** A sprite's version, for its address (`?v=`): the start of the file's SHA-256. */
export const versionOf = (file) => createHash("sha256").update(readFileSync(file)).digest("hex").slice(0, 8);

async function writeServices() {
  const folder = path.join(media, "services");
  for (const file of readdirSync(folder).filter((name) => name.endsWith(".svg")).sort()) {
    const svg = readFileSync(path.join(folder, file));
    for (const width of SERVICES.widths) {
      const base = path.join(folder, `${file.replace(/\.svg$/, "")}-${width}`);
      // Rendered at the target size from the vector drawing (density scales the SVG), not resampled.
      const raster = await sharp(svg, { density: (72 * width) / SERVICES.sourceWidth }).resize(width).png().toBuffer();
      for (const format of ["avif", "webp"]) await sharp(raster)[format](SERVICES[format]).toFile(`${base}.${format}`);
      console.log(`  media/services/${path.basename(base)}  avif ${kb(`${base}.avif`)}  webp ${kb(`${base}.webp`)}`);
    }
  }
}

/** The five logos, one under another, cut together to one 16-colour palette and stored losslessly. */
async function writePartnerLogos() {
  const folder = path.join(media, "partners");
  const logos = await Promise.all(PARTNER_LOGOS.map((name) => renderLogo(readFileSync(path.join(folder, `${name}.svg`)))));
  const file = path.join(folder, "logos.webp");
  const sheet = await sharp({ create: { width: LOGO.width, height: LOGO.height * logos.length, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite(logos.map((input, slice) => ({ input, top: slice * LOGO.height, left: 0 })))
    .png({ palette: true, colours: LOGO.palette, effort: 10 })
    .toBuffer();
  await sharp(sheet).webp({ lossless: true, effort: 6 }).toFile(file);
  console.log(`  media/partners/logos.webp  webp ${kb(file)}  (partnerLogos.src in app/content/home.ts: ?v=${versionOf(file)})`);
}

/** The five thumbnails, side by side, in AVIF and (for browsers without AVIF) WebP. */
async function writeServiceThumbs() {
  const folder = path.join(media, "services");
  const thumbs = await Promise.all(SERVICE_THUMBS.map((name) => renderThumb(readFileSync(path.join(folder, `${name}.svg`)))));
  const sheet = await sharp({ create: { width: THUMB.width * thumbs.length, height: THUMB.height, channels: 3, background: "#ffffff" } })
    .composite(thumbs.map((input, slice) => ({ input, top: 0, left: slice * THUMB.width })))
    .png()
    .toBuffer();
  for (const format of ["avif", "webp"]) {
    const file = path.join(folder, `thumbs.${format}`);
    await sharp(sheet)[format](SERVICES[format]).toFile(file);
    console.log(`  media/services/thumbs.${format}  ${kb(file)}  (the thumb-slice utility in app/app.css: ?v=${versionOf(file)})`);
  }
}

if (import.meta.main) {
  await writeServices();
  await writePartnerLogos();
  await writeServiceThumbs();
}
