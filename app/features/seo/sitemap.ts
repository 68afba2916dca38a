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

export function sitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries
    .map((entry) => {
      const lastmod = entry.lastModified ? `<lastmod>${escapeXml(entry.lastModified)}</lastmod>` : "";
      return `  <url><loc>${escapeXml(siteUrl + entry.path)}</loc>${lastmod}</url>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
