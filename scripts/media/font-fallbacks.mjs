// Measures, in Chromium, how far Arial and Times New Roman must be stretched to take the room
// Inter and Fraunces take (width, ascent, descent, line gap), and prints the @font-face
// overrides for app/app.css. With them, text drawn in the fallback while the web fonts load
// (font-display: swap) keeps its place when they arrive: no layout shift.
//
//   node scripts/media/font-fallbacks.mjs
import { readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { findChromium } from "../chromium.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const woff2 = (file) => readFileSync(path.join(root, "node_modules/@fontsource-variable", file)).toString("base64");

/** Each web font, the weight the site mostly sets it in, and the local fonts standing in for it. */
const pairs = [
  { family: "Inter Fallback", file: "inter/files/inter-latin-wght-normal.woff2", weight: 400, local: ["Arial", "Liberation Sans"] },
  { family: "Fraunces Fallback", file: "fraunces/files/fraunces-latin-wght-normal.woff2", weight: 600, local: ["Times New Roman", "Liberation Serif"] },
];
// Running English like the site's: widths are compared on text, not on single letters.
const sample =
  "Funding, a job offer, a home to rent, a car and the paperwork: one team in Durban and London arranges all of it, " +
  "so you land ready to start, not starting from scratch. Build a New Life in the UK. Arrive with a plan, not a gamble.";

const browser = await chromium.launch({ executablePath: findChromium(), args: ["--no-sandbox"] });
try {
  const page = await browser.newPage();
  const faces = pairs
    .map((pair, index) => `@font-face{font-family:web${index};font-weight:100 900;src:url(data:font/woff2;base64,${woff2(pair.file)})}` +
      `@font-face{font-family:local${index};src:${pair.local.map((name) => `local("${name}")`).join(",")}}`)
    .join("");
  await page.setContent(`<style>${faces}</style>`);
  for (const [index, pair] of pairs.entries()) {
    const measured = await page.evaluate(
      async ({ index, weight, sample }) => {
        const measure = async (family) => {
          await document.fonts.load(`${weight} 1000px ${family}`);
          const context = document.createElement("canvas").getContext("2d");
          context.font = `${weight} 1000px ${family}`;
          const text = context.measureText(sample);
          const box = document.createElement("div");
          box.style.cssText = `position:absolute;font:${weight} 1000px/normal ${family}`;
          box.textContent = "x";
          document.body.append(box);
          const lineHeight = box.getBoundingClientRect().height;
          box.remove();
          return { width: text.width, ascent: text.fontBoundingBoxAscent, descent: text.fontBoundingBoxDescent, lineHeight };
        };
        return { web: await measure(`web${index}`), local: await measure(`local${index}`) };
      },
      { index, weight: pair.weight, sample },
    );
    const { web, local } = measured;
    const sizeAdjust = web.width / local.width;
    const percent = (value) => `${(value * 100).toFixed(2)}%`;
    console.log(`@font-face {
  font-family: "${pair.family}";
  src: ${pair.local.map((name) => `local("${name}")`).join(", ")};
  size-adjust: ${percent(sizeAdjust)};
  ascent-override: ${percent(web.ascent / 1000 / sizeAdjust)};
  descent-override: ${percent(web.descent / 1000 / sizeAdjust)};
  line-gap-override: ${percent(Math.max(0, web.lineHeight - web.ascent - web.descent) / 1000 / sizeAdjust)};
}`);
  }
} finally {
  await browser.close();
}
