// subset-font ships no types; this is the part of its API scripts/media/fonts.ts uses (its README).
declare module "subset-font" {
  type Options = {
    targetFormat?: "sfnt" | "woff" | "woff2" | "truetype";
    keepFeatures?: string[];
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
  };
  export default function subsetFont(font: Buffer, text: string, options?: Options): Promise<Buffer>;
}
