import { brand } from "~/content/site.ts";
import { blogPostPath } from "./rules.ts";
import type { BlogPostSummary } from "./types.ts";

// The blog's RSS 2.0 feed (/blog/rss.xml): published posts only, newest first.

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "");
}

/** RFC 822 date, as RSS 2.0 wants: "Thu, 05 Mar 2026 09:00:00 GMT". */
export function rfc822(isoDateTime: string): string {
  return new Date(isoDateTime).toUTCString();
}

export function rssXml(siteUrl: string, posts: readonly BlogPostSummary[], now = new Date()): string {
  const items = posts.map((post) => {
    const link = `${siteUrl}${blogPostPath(post)}`;
    // The guid stays the same when a title (and so the slug) changes: readers do not see a new item.
    const guid = `${siteUrl}/blog/${encodeURIComponent(post.id)}`;
    return [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(guid)}</guid>`,
      `      <pubDate>${rfc822(post.date)}</pubDate>`,
      `      <category>${escapeXml(post.tag)}</category>`,
      `      <description>${escapeXml(post.intro)}</description>`,
      "    </item>",
    ].join("\n");
  });
  const lastBuild = posts[0]?.date ?? now.toISOString();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeXml(`${brand.name} Blog`)}</title>`,
    `    <link>${escapeXml(`${siteUrl}/blog`)}</link>`,
    `    <description>${escapeXml("Guides for South Africans moving to the UK: jobs, homes, money, visas and family life.")}</description>`,
    "    <language>en-gb</language>",
    `    <lastBuildDate>${rfc822(lastBuild)}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(`${siteUrl}/blog/rss.xml`)}" rel="self" type="application/rss+xml" />`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
