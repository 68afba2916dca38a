import { isValidElement, type ReactElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { Link, MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { BLOG_PLACEHOLDER_IMAGE, BlogCard, type BlogCardProps } from "./blog-card.tsx";

const base: BlogCardProps = {
  tag: "Housing",
  title: "Renting your first UK home without a credit history",
  intro: "Letting agents will ask for references you do not have yet. Here is what works instead.",
  heroImage: "/media/blog/renting.webp",
  heroImageAlt: "Keys on a table",
  date: "2026-12-05",
  href: "/blog/renting",
};

function render(props: Partial<BlogCardProps> = {}) {
  return renderToString(
    <MemoryRouter>
      <BlogCard {...base} {...props} />
    </MemoryRouter>,
  );
}

/** The first element of `type` in a rendered tree (BlogCard uses no hooks, so it can be called). */
function findElement(node: ReactNode, type: unknown): ReactElement<Record<string, unknown>> | undefined {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = findElement(child, type);
      if (found) return found;
    }
    return undefined;
  }
  if (!isValidElement<Record<string, unknown>>(node)) return undefined;
  if (node.type === type) return node;
  return findElement(node.props.children as ReactNode, type);
}

describe("BlogCard, default variant", () => {
  const html = render();

  it("shows a 16:9 image, the tag, the date with year, the title, the intro and 'Read Full Article'", () => {
    expect(html).toContain('src="/media/blog/renting.webp"');
    expect(html).toContain("aspect-video");
    expect(html).toContain(">Housing<");
    expect(html).toContain(">5 Dec 2026<");
    expect(html).toContain('dateTime="2026-12-05"');
    expect(html).toContain(base.title);
    expect(html).toContain(base.intro);
    expect(html).toContain("Read Full Article");
    expect(html).toContain('href="/blog/renting"');
  });

  it("clamps the title to two lines and the intro to three", () => {
    expect(html).toMatch(/<h3 class="[^"]*line-clamp-2[^"]*">/);
    expect(html).toMatch(/<p class="[^"]*line-clamp-3[^"]*">Letting agents/);
  });

  it("reads the day from a full timestamp", () => {
    expect(render({ date: "2026-03-14T09:00:00Z" })).toContain(">14 Mar 2026<");
  });

  it("leaves the date out when there is none or it is not a date", () => {
    expect(render({ date: undefined })).not.toContain("<time");
    expect(render({ date: "soon" })).not.toContain("<time");
  });

  it("falls back to the placeholder image when the post has none", () => {
    expect(render({ heroImage: null })).toContain(`src="${BLOG_PLACEHOLDER_IMAGE}"`);
    expect(render({ heroImage: undefined })).toContain(`src="${BLOG_PLACEHOLDER_IMAGE}"`);
    expect(render({ heroImage: "" })).toContain(`src="${BLOG_PLACEHOLDER_IMAGE}"`);
  });
});

describe("BlogCard, compact variant", () => {
  const html = render({ variant: "compact" });

  it("shows a 96px square image, the tag, day and month, and the title without the intro", () => {
    expect(html).toContain('width="96"');
    expect(html).toContain('height="96"');
    expect(html).toContain("size-24");
    expect(html).toContain(">Housing<");
    expect(html).toContain(">5 Dec<");
    expect(html).not.toContain("2026<");
    expect(html).toMatch(/line-clamp-2/);
    expect(html).not.toContain(base.intro);
    expect(html).not.toContain("Read Full Article");
  });
});

describe("BlogCard clicks", () => {
  it("prevents the browser's navigation and calls the handler when one is given", () => {
    const onClick = vi.fn();
    const link = findElement(BlogCard({ ...base, onClick }), Link);
    const event = { preventDefault: vi.fn() };
    (link?.props.onClick as (event: unknown) => void)(event);
    expect(event.preventDefault).toHaveBeenCalledOnce();
    expect(onClick).toHaveBeenCalledWith(event);
  });

  it("lets the link navigate when there is no handler", () => {
    const link = findElement(BlogCard(base), Link);
    const event = { preventDefault: vi.fn() };
    (link?.props.onClick as (event: unknown) => void)(event);
    expect(event.preventDefault).not.toHaveBeenCalled();
  });
});
