import frauncesCore from "~/assets/fonts/fraunces-core-600.woff2?url";
import interCore from "~/assets/fonts/inter-core.woff2?url";

/**
 * The two fonts every public page's first screen draws: the core files, which hold English text
 * (app/fonts.css; other letters load on demand through unicode-range), Fraunces at the headings'
 * 600 (its 400, for quotations further down, loads when they are drawn). Fetched with the
 * stylesheet instead of after it: text swaps to them sooner and shifts less. The same files
 * app/fonts.css names, so no second copy.
 */
export const fontPreloads = [interCore, frauncesCore].map((href) => ({
  rel: "preload",
  as: "font",
  type: "font/woff2",
  href,
  crossOrigin: "anonymous" as const,
}));
