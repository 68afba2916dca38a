import { brand } from "~/content/site.ts";
import { metaDescription } from "./rules.ts";
import type { BlogPostSummary } from "./types.ts";

// schema.org BlogPosting for a post page (search engines' article results).

/** An image path of the site or an absolute address → an absolute URL. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${siteUrl}${pathOrUrl}`;
}

/** Link previews and rich results want a raster image: an SVG hero falls back to the site's default. */
export function shareImage(heroImage: string | null): string {
  return heroImage && !/\.svg(\?|$)/i.test(heroImage) ? heroImage : "/media/og-default.png";
}

export function blogPostingJsonLd(post: BlogPostSummary, canonicalPath: string, siteUrl: string) {
  const url = `${siteUrl}${canonicalPath}`;
  const organization = { "@type": "Organization", "@id": `${siteUrl}/#organization`, name: brand.name, url: `${siteUrl}/` };
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title.length > 110 ? `${post.title.slice(0, 109)}…` : post.title,
    description: metaDescription(post),
    image: [absoluteUrl(siteUrl, shareImage(post.heroImage))],
    datePublished: post.date,
    dateModified: post.updatedAt,
    articleSection: post.tag,
    inLanguage: "en-GB",
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    author: organization,
    publisher: { ...organization, logo: { "@type": "ImageObject", url: `${siteUrl}/apple-touch-icon.png` } },
  };
}
