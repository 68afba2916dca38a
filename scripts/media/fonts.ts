// The site's two web fonts, split so that a first visit downloads only what English text needs.
//
// Fontsource ships Inter and Fraunces as one file per script; its Latin file (48 and 37 KB)
// also carries accented letters, rare symbols and every weight from 100 to 900. Our pages are
// written in English, Inter in weights 400 to 700 and Fraunces in two weights only: 600 for
// headings and 400 for quotations. So each family gets:
//
// - core files (app/assets/fonts/<family>-core[-<weight>].woff2, a half or a third of the size):
//   Basic Latin and the punctuation our copy uses (CORE below), the OpenType features the pages
//   use, and the weights the family is set in: one variable file for Inter (400-700), one static
//   file per weight for Fraunces (a static 600 is about half of the 400-700 range; headings,
//   on every page's first screen, need only it);
// - Fontsource's own Latin file for the rest of the Latin range (é, ü, ß and the like): a page that
//   uses one of those letters downloads it as well, and draws it in the same font;
// - Fontsource's other files (Latin Extended, Vietnamese, Greek, Cyrillic), as before.
//
// The browser picks the file by `unicode-range`; core and rest never overlap. app/fonts.css is
// written here too. The generated files are committed, and scripts/media/fonts.test.ts checks
// they are what this script makes.
//
//   node scripts/media/fonts.ts
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";

const root = path.resolve(import.meta.dirname, "../..");

/** Where the core files and the stylesheet go, relative to the repository root. */
export const OUTPUT = { fonts: "app/assets/fonts", css: "app/fonts.css" } as const;

/**
 * Basic Latin (with the controls and space, which a page's text may hold but never draws) and
 * the punctuation English copy uses: no-break space, £ © ® ° · ×, dashes, curly quotes, bullet,
 * ellipsis, €, ™ and the minus sign. Anything else in the Latin range comes from the rest file.
 */
export const CORE: readonly (readonly [number, number])[] = [
  [0x0000, 0x007e],
  [0x00a0, 0x00a0],
  [0x00a3, 0x00a3],
  [0x00a9, 0x00a9],
  [0x00ae, 0x00ae],
  [0x00b0, 0x00b0],
  [0x00b7, 0x00b7],
  [0x00d7, 0x00d7],
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2212, 0x2212],
];

/**
 * The OpenType features a browser applies by default, and `tnum` (Tailwind's tabular-nums).
 * The rest (stylistic sets, fractions, case forms) no page asks for.
 */
const FEATURES = ["ccmp", "locl", "mark", "mkmk", "kern", "liga", "calt", "tnum"];

/**
 * One core file of a family: the weight axis pinned (`wght`, a number for a static instance) or
 * cut to a range, and the `font-weight` its faces declare.
 */
type Cut = { file: string; wght: number | { min: number; max: number }; weight: string };

/**
 * The families and the weights the site sets each in. Inter: Tailwind's normal to bold, in one
 * variable file. Fraunces: 600 (every heading, app/app.css) and 400 (the testimonials and the
 * team's quotations), a static file each. A family with several cuts declares every file once
 * per cut, with the cut's weight: faces of one weight form one group in which unicode-range picks
 * the file (Chromium matches the weight first, then the range), so a heading's "é" still comes
 * from Fontsource's Latin file, drawn at 600. A weight between two cuts draws at the nearer one.
 */
export const FAMILIES: readonly { name: string; slug: string; cuts: readonly Cut[] }[] = [
  { name: "Inter Variable", slug: "inter", cuts: [{ file: "inter-core.woff2", wght: { min: 400, max: 700 }, weight: "100 900" }] },
  {
    name: "Fraunces Variable",
    slug: "fraunces",
    cuts: [
      { file: "fraunces-core-600.woff2", wght: 600, weight: "600" },
      { file: "fraunces-core-400.woff2", wght: 400, weight: "400" },
    ],
  },
];

type Range = [number, number];

/** Parses a CSS unicode-range ("U+0000-00FF,U+0131") into sorted, merged code point ranges. */
export function parseUnicodeRange(value: string): Range[] {
  const ranges = value.split(",").map((part): Range => {
    const [from, to = from] = part.trim().replace(/^U\+/i, "").split("-");
    return [Number.parseInt(from!, 16), Number.parseInt(to!, 16)];
  });
  return merge(ranges);
}

function merge(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged: Range[] = [];
  for (const [from, to] of sorted) {
    const last = merged.at(-1);
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

/** The code points of `ranges` that are not in `minus`. */
export function subtractRanges(ranges: readonly Range[], minus: readonly (readonly [number, number])[]): Range[] {
  let result: Range[] = ranges.map(([from, to]) => [from, to]);
  for (const [cutFrom, cutTo] of minus) {
    result = result.flatMap(([from, to]): Range[] => {
      if (cutTo < from || cutFrom > to) return [[from, to]];
      const kept: Range[] = [];
      if (from < cutFrom) kept.push([from, cutFrom - 1]);
      if (cutTo < to) kept.push([cutTo + 1, to]);
      return kept;
    });
  }
  return result;
}

export function formatUnicodeRange(ranges: readonly (readonly [number, number])[]): string {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, "0");
  return ranges.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(",");
}

const fontsource = (slug: string, file: string) => path.join(root, "node_modules/@fontsource-variable", slug, file);

/** Fontsource's subsets of a family (latin, latin-ext, ...) and the unicode-range of each. */
export function fontsourceSubsets(slug: string): Record<string, string> {
  return JSON.parse(readFileSync(fontsource(slug, "unicode.json"), "utf8")) as Record<string, string>;
}

/** The number of glyphs in an uncompressed font (its `maxp` table). */
function glyphCount(sfnt: Buffer): number {
  const tables = sfnt.readUInt16BE(4);
  for (let i = 0; i < tables; i++) {
    const entry = 12 + i * 16;
    if (sfnt.toString("latin1", entry, entry + 4) === "maxp") return sfnt.readUInt16BE(sfnt.readUInt32BE(entry + 8) + 4);
  }
  throw new Error("font has no maxp table");
}

/** Fails when the source font has no glyph for a printable core character (the browser would fall back past it). */
export async function assertCoversCore(source: Buffer, label: string, core: typeof CORE = CORE): Promise<void> {
  const empty = glyphCount(await subsetFont(source, "", { targetFormat: "sfnt" }));
  const missing: string[] = [];
  for (const [from, to] of core) {
    for (let code = Math.max(from, 0x20); code <= to; code++) {
      const glyphs = glyphCount(await subsetFont(source, String.fromCodePoint(code), { targetFormat: "sfnt" }));
      if (glyphs <= empty) missing.push(`U+${code.toString(16).toUpperCase().padStart(4, "0")}`);
    }
  }
  if (missing.length > 0) throw new Error(`${label} has no glyph for ${missing.join(", ")}: take them out of CORE`);
}

const coreText = CORE.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i))).join("");

/** A face's rule; `variable` says whether its file still has a weight axis (a static instance is plain "woff2"). */
function face(family: string, weight: string, url: string, range: string, variable = true): string {
  return [
    "@font-face {",
    `  font-family: "${family}";`,
    "  font-style: normal;",
    "  font-display: swap;",
    `  font-weight: ${weight};`,
    `  src: url("${url}") format("${variable ? "woff2-variations" : "woff2"}");`,
    `  unicode-range: ${range};`,
    "}",
  ].join("\n");
}

/** Everything this script writes, by path from the repository root. */
export async function buildFonts(): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const css: string[] = [
    "/* Written by scripts/media/fonts.ts: do not edit. The site's web fonts by unicode-range: a core",
    "   file per family for English text, Fontsource's files for everything else. */",
  ];
  for (const family of FAMILIES) {
    const latinFile = `files/${family.slug}-latin-wght-normal.woff2`;
    const source = readFileSync(fontsource(family.slug, latinFile));
    await assertCoversCore(source, `${family.slug} (Fontsource Latin)`);
    const version = (JSON.parse(readFileSync(fontsource(family.slug, "package.json"), "utf8")) as { version: string }).version;
    css.push(`\n/* ${family.name}: @fontsource-variable/${family.slug} ${version} */`);
    // Fontsource's files and what each covers (its Latin file less the core), declared again for every cut.
    const fontsourceFaces = Object.entries(fontsourceSubsets(family.slug)).map(([subset, range]) => ({
      file: `../node_modules/@fontsource-variable/${family.slug}/files/${family.slug}-${subset}-wght-normal.woff2`,
      range: formatUnicodeRange(subset === "latin" ? subtractRanges(parseUnicodeRange(range), CORE) : parseUnicodeRange(range)),
    }));
    for (const cut of family.cuts) {
      const core = await subsetFont(source, coreText, { targetFormat: "woff2", keepFeatures: FEATURES, variationAxes: { wght: cut.wght } });
      out.set(`${OUTPUT.fonts}/${cut.file}`, core);
      for (const fontsourceFace of fontsourceFaces) css.push(face(family.name, cut.weight, fontsourceFace.file, fontsourceFace.range));
      css.push(face(family.name, cut.weight, `./assets/fonts/${cut.file}`, formatUnicodeRange(CORE), typeof cut.wght !== "number"));
    }
  }
  out.set(OUTPUT.css, Buffer.from(`${css.join("\n")}\n`));
  return out;
}

if (import.meta.main) {
  for (const [file, bytes] of await buildFonts()) {
    writeFileSync(path.join(root, file), bytes);
    console.log(`  ${file}  ${(bytes.length / 1024).toFixed(1)} KB`);
  }
}
