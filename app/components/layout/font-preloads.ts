import frauncesLatin from "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";

/**
 * The two fonts every public page's first screen draws (Latin only; other scripts load on
 * demand through unicode-range), fetched with the stylesheet instead of after it: text
 * swaps to them sooner and shifts less. The same files app.css names, so no second copy.
 */
export const fontPreloads = [interLatin, frauncesLatin].map((href) => ({
  rel: "preload",
  as: "font",
  type: "font/woff2",
  href,
  crossOrigin: "anonymous" as const,
}));
