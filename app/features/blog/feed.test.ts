import { describe, expect, it } from "vitest";
import { rfc822, rssXml } from "./feed.ts";
import type { BlogPostSummary } from "./types.ts";

const post: BlogPostSummary = {
  id: "0b0f2b6a-3d1c-4f7e-9a51-2c8d4e6f8a10",
  slug: "renting-in-london",
  title: "Renting in London <& deposits>",
  intro: "Guarantors & references",
  tag: "Accommodation",
  heroImage: null,
  heroImageAlt: null,
  date: "2026-03-05T09:00:00.000Z",
  updatedAt: "2026-03-06T09:00:00.000Z",
  seoTitle: null,
  seoDescription: null,
};

describe("the RSS feed", () => {
  const xml = rssXml("https://www.example.co.uk", [post]);

  it("is RSS 2.0 with a self link", () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(xml).toContain('<atom:link href="https://www.example.co.uk/blog/rss.xml" rel="self" type="application/rss+xml" />');
  });

  it("lists each post with title, link, a stable guid, an RFC 822 date and the intro as description, escaped", () => {
    expect(xml).toContain("<title>Renting in London &#60;&#38; deposits&#62;</title>");
    expect(xml).toContain(`<link>https://www.example.co.uk/blog/${post.id}/renting-in-london</link>`);
    expect(xml).toContain(`<guid isPermaLink="true">https://www.example.co.uk/blog/${post.id}</guid>`);
    expect(xml).toContain("<pubDate>Thu, 05 Mar 2026 09:00:00 GMT</pubDate>");
    expect(xml).toContain("<description>Guarantors &#38; references</description>");
  });

  it("writes RFC 822 dates", () => {
    expect(rfc822("2026-12-25T18:30:00Z")).toBe("Fri, 25 Dec 2026 18:30:00 GMT");
  });
});
