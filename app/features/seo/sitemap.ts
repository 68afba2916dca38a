export type SitemapEntry = { path: string; lastModified?: string };

/** Public pages that exist whatever the database holds. Seminars and posts join them later. */
export const staticSitemapPaths = [
  "/",
  "/about",
  "/services",
  "/packages",
  "/events",
  "/consultations",
  "/consultations/book",
  "/consultations/book-free",
  "/blog",
  "/legal",
  "/business-card",
] as const;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

export function sitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries
    .map((entry) => {
      const lastmod = entry.lastModified ? `<lastmod>${escapeXml(entry.lastModified)}</lastmod>` : "";
      return `  <url><loc>${escapeXml(siteUrl + entry.path)}</loc>${lastmod}</url>`;
    })
    .join("\n");
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n${urls}\n</urlset>\n`;
}

// A sitemap index (https://www.sitemaps.org/protocol.html#index), docs/decisions/032. The parts
// sit beside the index at the site's root (a sitemap may only list addresses under its own
// folder), told apart by ?part=n: React Router has no partial dynamic segments (sitemap-:n.xml).

/** The address of part `part` (1-based) of a split sitemap. */
export const sitemapPartPath = (part: number) => `/sitemap.xml?part=${part}`;

/** The entries in parts of at most `maxUrls`; one part when they fit. */
export function sitemapParts(entries: readonly SitemapEntry[], maxUrls: number): SitemapEntry[][] {
  const size = Math.max(1, Math.floor(maxUrls));
  const parts: SitemapEntry[][] = [];
  for (let start = 0; start < entries.length; start += size) parts.push(entries.slice(start, start + size));
  return parts.length > 0 ? parts : [[]];
}

/** The index of the parts, each with the latest lastmod among its entries (when they have one). */
export function sitemapIndexXml(siteUrl: string, parts: readonly SitemapEntry[][]): string {
  const sitemaps = parts
    .map((entries, index) => {
      const latest = entries.reduce<string | undefined>((max, entry) => (entry.lastModified && (!max || entry.lastModified > max) ? entry.lastModified : max), undefined);
      const lastmod = latest ? `<lastmod>${escapeXml(latest)}</lastmod>` : "";
      return `  <sitemap><loc>${escapeXml(siteUrl + sitemapPartPath(index + 1))}</loc>${lastmod}</sitemap>`;
    })
    .join("\n");
  return `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n${sitemaps}\n</sitemapindex>\n`;
}

export type SitemapAnswer = { status: 200; xml: string } | { status: 404 };

/**
 * What /sitemap.xml answers: every entry in one sitemap while they number at most `maxUrls`;
 * above it, the index (no ?part) or the part asked for. A part that does not exist is a 404.
 */
export function sitemapAnswer(siteUrl: string, entries: readonly SitemapEntry[], maxUrls: number, part: string | null): SitemapAnswer {
  if (entries.length <= maxUrls) return part === null ? { status: 200, xml: sitemapXml(siteUrl, [...entries]) } : { status: 404 };
  const parts = sitemapParts(entries, maxUrls);
  if (part === null) return { status: 200, xml: sitemapIndexXml(siteUrl, parts) };
  const index = /^[1-9]\d{0,5}$/.test(part) ? Number(part) - 1 : -1;
  const entriesOfPart = parts[index];
  return entriesOfPart ? { status: 200, xml: sitemapXml(siteUrl, entriesOfPart) } : { status: 404 };
}
