import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { BlogCardPost } from "../types.ts";
import { HomeBlogSection } from "./home-blog-section.tsx";

const post = (id: string, title: string): BlogCardPost => ({
  id,
  title,
  intro: `What to know about ${title.toLowerCase()}.`,
  tag: "Jobs",
  heroImage: `/media/blog/${id}.webp`,
  heroImageAlt: `${title} illustration`,
  date: "2026-03-14T09:00:00Z",
});

function render(props: Parameters<typeof HomeBlogSection>[0]) {
  return renderToString(
    <MemoryRouter>
      <HomeBlogSection {...props} />
    </MemoryRouter>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/\s+/g, " ");

describe("HomeBlogSection", () => {
  it("shows the empty state, and still links to the blog, when there are no posts", () => {
    const html = render({ posts: [] });
    expect(text(html)).toContain("No blog posts available at the moment.");
    expect(html).toContain('href="/blog"');
    expect(text(html)).toContain("View All Blog Posts");
    expect(html).not.toContain("Failed to load blog posts");
    expect(html).not.toContain("Read Full Article");
  });

  it("shows the error state instead of posts when loading failed", () => {
    const html = render({ posts: [post("a", "First")], error: "network down" });
    expect(text(html)).toContain("Failed to load blog posts");
    expect(html).toContain('role="alert"');
    expect(html).not.toContain("No blog posts available at the moment.");
    expect(html).not.toContain('href="/blog/a"');
  });

  it("shows at most three posts, linking each to /blog/{id}", () => {
    const posts = [post("one", "Finding work"), post("two", "Renting a flat"), post("three", "Opening a bank account"), post("four", "Too many")];
    const html = render({ posts });
    for (const id of ["one", "two", "three"]) expect(html).toContain(`href="/blog/${id}"`);
    expect(html).not.toContain('href="/blog/four"');
    expect(html).not.toContain("Too many");
    expect(html).not.toContain("No blog posts available at the moment.");
  });

  it("has the desktop promo card beside the newest post, the rest as compact cards", () => {
    const html = render({ posts: [post("one", "Finding work"), post("two", "Renting a flat"), post("three", "Opening a bank account")] });
    const plain = text(html);
    expect(plain).toContain("20+");
    expect(plain).toContain("Helpful Articles");
    expect(plain).toContain("1000+");
    expect(plain).toContain("Monthly Readers");
    const desktop = html.slice(html.indexOf('data-testid="blog-grid"'));
    expect(desktop.match(/data-variant="default"/g)).toHaveLength(1);
    expect(desktop.match(/data-variant="compact"/g)).toHaveLength(2);
  });

  it("builds a mobile carousel with a slide, a dot per post and previous/next buttons", () => {
    const html = render({ posts: [post("one", "Finding work"), post("two", "Renting a flat"), post("three", "Opening a bank account")] });
    const mobile = html.slice(html.indexOf('data-testid="blog-carousel"'), html.indexOf('data-testid="blog-grid"'));
    expect(mobile.match(/aria-roledescription="slide"/g)).toHaveLength(3);
    expect(mobile).toContain('aria-label="Show article 1"');
    expect(mobile).toContain('aria-label="Show article 3"');
    expect(mobile).toContain('aria-label="Previous article"');
    expect(mobile).toContain('aria-label="Next article"');
    // Only the first slide is reachable before any interaction.
    expect(mobile.match(/ inert=""/g)).toHaveLength(2);
    expect(mobile).toMatch(/aria-label="Show article 1" aria-current="true"/);
  });

  it("has no carousel controls for a single post", () => {
    const html = render({ posts: [post("one", "Finding work")] });
    expect(html).not.toContain("Next article");
  });
});
