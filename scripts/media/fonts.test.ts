import { readFileSync } from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";
import { describe, expect, it } from "vitest";
import { assertCoversCore, buildFonts, CORE, FAMILIES, fontsourceSubsets, formatUnicodeRange, parseUnicodeRange, subtractRanges } from "./fonts.ts";

const root = path.resolve(import.meta.dirname, "../..");

describe("unicode ranges", () => {
  it("parse, merge and print back", () => {
    expect(parseUnicodeRange("U+0131, U+0000-00FF,U+0100-0102,U+2000")).toEqual([
      [0x0000, 0x0102],
      [0x0131, 0x0131],
      [0x2000, 0x2000],
    ]);
    expect(formatUnicodeRange([[0x20, 0x7e], [0xa3, 0xa3]])).toBe("U+0020-007E,U+00A3");
  });

  it("subtract a range from the middle, the ends and the whole", () => {
    expect(subtractRanges([[0, 100]], [[10, 20], [0, 0], [95, 200]])).toEqual([
      [1, 9],
      [21, 94],
    ]);
    expect(subtractRanges([[5, 6]], [[0, 10]])).toEqual([]);
  });
});

describe("the web fonts (scripts/media/fonts.ts)", () => {
  const built = buildFonts();

  it("are committed as the script makes them", async () => {
    const files = await built;
    expect([...files.keys()].sort()).toEqual([
      "app/assets/fonts/fraunces-core-400.woff2",
      "app/assets/fonts/fraunces-core-600.woff2",
      "app/assets/fonts/inter-core.woff2",
      "app/fonts.css",
    ]);
    for (const [file, bytes] of files) {
      expect(readFileSync(path.join(root, file)).equals(bytes), `${file} differs: run node scripts/media/fonts.ts`).toBe(true);
    }
  });

  it("give each Latin letter one face at each weight: the core file or Fontsource's, never both and never none", async () => {
    const css = (await built).get("app/fonts.css")!.toString();
    const faces = [...css.matchAll(/@font-face \{[^}]*\}/g)].map(([rule]) => rule);
    const latin = parseUnicodeRange(fontsourceSubsets("inter").latin!);
    expect(FAMILIES.map((family) => family.cuts.map((cut) => `${family.slug} ${cut.weight}`))).toEqual([["inter 100 900"], ["fraunces 600", "fraunces 400"]]);
    for (const family of FAMILIES) {
      for (const cut of family.cuts) {
        // One group per weight (Chromium picks the weight, then the file by range): every face of it declares that weight.
        const group = faces.filter((rule) => rule.includes(`"${family.name}"`) && rule.includes(`font-weight: ${cut.weight};`));
        const rangeOf = (file: string) => parseUnicodeRange(group.find((rule) => rule.includes(file))!.match(/unicode-range: ([^;]+);/)![1]!);
        const core = rangeOf(`/${cut.file}`);
        // A static instance is named plain WOFF2, a file that keeps its weight axis WOFF2 with variations.
        const format = typeof cut.wght === "number" ? 'format("woff2")' : 'format("woff2-variations")';
        expect(group.find((rule) => rule.includes(`/${cut.file}`))).toContain(format);
        const rest = rangeOf(`${family.slug}-latin-wght-normal.woff2`);
        expect(core).toEqual(parseUnicodeRange(formatUnicodeRange(CORE)));
        expect(subtractRanges(core, rest)).toEqual(core);
        expect(parseUnicodeRange(formatUnicodeRange([...core, ...rest]))).toEqual(latin);
        // And the other scripts keep Fontsource's files, at this weight too.
        expect(group).toHaveLength(Object.keys(fontsourceSubsets(family.slug)).length + 1);
        expect(group.some((rule) => rule.includes(`${family.slug}-latin-ext-wght-normal.woff2`))).toBe(true);
      }
      // No face of the family outside its cuts' weights.
      const weights = family.cuts.map((cut) => `font-weight: ${cut.weight};`);
      expect(faces.filter((rule) => rule.includes(`"${family.name}"`) && !weights.some((weight) => rule.includes(weight)))).toEqual([]);
    }
  });

  it("pin Fraunces to a static instance per weight, and keep Inter's range", async () => {
    const files = await built;
    // The tables of a font, unpacked (subset-font reads WOFF2 and, asked for every character, keeps every table).
    const tables = async (file: string) => {
      const sfnt = await subsetFont(files.get(`app/assets/fonts/${file}`)!, "", { targetFormat: "sfnt" });
      return Array.from({ length: sfnt.readUInt16BE(4) }, (_, i) => sfnt.toString("latin1", 12 + i * 16, 16 + i * 16));
    };
    // A static instance has no variation axes left (no fvar or gvar table), and weighs about half the 400-700 range.
    for (const file of ["fraunces-core-400.woff2", "fraunces-core-600.woff2"]) {
      expect(await tables(file)).not.toContain("fvar");
      expect(await tables(file)).not.toContain("gvar");
      expect(files.get(`app/assets/fonts/${file}`)!.length).toBeLessThan(14_000);
    }
    expect(await tables("inter-core.woff2")).toContain("fvar");
  });

  it("refuse a core character the font cannot draw, by name", async () => {
    const fraunces = readFileSync(path.join(root, "node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2"));
    // Fraunces has no thin space (U+2009): the reason it is not in CORE.
    await expect(assertCoversCore(fraunces, "fraunces", [[0x41, 0x42], [0x2009, 0x2009]])).rejects.toThrow("fraunces has no glyph for U+2009");
    await expect(assertCoversCore(fraunces, "fraunces", [[0x41, 0x42]])).resolves.toBeUndefined();
  });
});
