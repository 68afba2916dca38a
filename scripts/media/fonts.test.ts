import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { assertCoversCore, buildFonts, CORE, FAMILIES, formatUnicodeRange, parseUnicodeRange, subtractRanges } from "./fonts.ts";

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
    expect([...files.keys()].sort()).toEqual(["app/assets/fonts/fraunces-core.woff2", "app/assets/fonts/inter-core.woff2", "app/fonts.css"]);
    for (const [file, bytes] of files) {
      expect(readFileSync(path.join(root, file)).equals(bytes), `${file} differs: run node scripts/media/fonts.ts`).toBe(true);
    }
  });

  it("give each Latin letter one face: the core file or Fontsource's, never both and never none", async () => {
    const css = (await built).get("app/fonts.css")!.toString();
    const latin = parseUnicodeRange(JSON.parse(readFileSync(path.join(root, "node_modules/@fontsource-variable/inter/unicode.json"), "utf8")).latin);
    for (const family of FAMILIES) {
      const faces = [...css.matchAll(/@font-face \{[^}]*\}/g)].map(([rule]) => rule).filter((rule) => rule.includes(`"${family.name}"`));
      const rangeOf = (file: string) => parseUnicodeRange(faces.find((rule) => rule.includes(file))!.match(/unicode-range: ([^;]+);/)![1]!);
      const core = rangeOf(`${family.slug}-core.woff2`);
      const rest = rangeOf(`${family.slug}-latin-wght-normal.woff2`);
      expect(core).toEqual(parseUnicodeRange(formatUnicodeRange(CORE)));
      expect(subtractRanges(core, rest)).toEqual(core);
      expect(parseUnicodeRange(formatUnicodeRange([...core, ...rest]))).toEqual(latin);
      // And the other scripts keep Fontsource's files.
      expect(faces.some((rule) => rule.includes(`${family.slug}-latin-ext-wght-normal.woff2`))).toBe(true);
    }
  });

  it("refuse a core character the font cannot draw, by name", async () => {
    const fraunces = readFileSync(path.join(root, "node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2"));
    // Fraunces has no thin space (U+2009): the reason it is not in CORE.
    await expect(assertCoversCore(fraunces, "fraunces", [[0x41, 0x42], [0x2009, 0x2009]])).rejects.toThrow("fraunces has no glyph for U+2009");
    await expect(assertCoversCore(fraunces, "fraunces", [[0x41, 0x42]])).resolves.toBeUndefined();
  });
});
