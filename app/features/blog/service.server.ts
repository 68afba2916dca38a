import type { Db } from "#db/client.ts";
import { blogIntro } from "~/content/home.ts";
import type { Settings } from "~/lib/env.server.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import { HOME_BLOG_POST_COUNT } from "./components/home-blog-section.tsx";
import { BLOG_PAGE_SIZE, blogPostPath, toCardPost, type BlogFilters } from "./rules.ts";
import { blogSourceFor } from "./source.server.ts";
import type { BlogCardPost, BlogPost } from "./types.ts";

// What the blog's pages ask for. Routes call these; these read through the one BlogSource.

type Runtime = { db: Db; settings: Settings };

/** The source did not answer: the page shows its failure state (docs/product.md §10.2), never a stack trace. */
export class BlogUnavailableError extends Error {
  override name = "BlogUnavailableError";
}

async function fromSource<T>(what: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    log.error(`Could not load ${what}`, errorFields(error));
    throw new BlogUnavailableError(`Could not load ${what}`, { cause: error });
  }
}

export type BlogListPage = { posts: BlogCardPost[]; total: number; page: number; pageCount: number; tags: string[]; filters: BlogFilters };

/**
 * /blog: one page of the posts matching the filters (docs/product.md §2.7, docs/decisions/032),
 * and every tag to filter by. A page past the end shows the last page.
 */
export async function blogListPage(runtime: Runtime, filters: BlogFilters, page = 1): Promise<BlogListPage> {
  const source = blogSourceFor(runtime);
  return fromSource("blog posts", async () => {
    const [found, tags] = await Promise.all([source.listPage({ search: filters.q, tags: filters.tags }, page, BLOG_PAGE_SIZE), source.listTags()]);
    // A selected tag no post has any more still shows, so it can be unticked.
    const shownTags = [...tags, ...filters.tags.filter((tag) => !tags.includes(tag))];
    return { posts: found.posts.map(toCardPost), total: found.total, page: found.page, pageCount: found.pageCount, tags: shownTags, filters };
  });
}

export type BlogPostPage = { post: BlogPost; related: BlogCardPost[]; canonicalPath: string };

/** /blog/{id}: the post and up to three others; null when there is no such published post. */
export async function blogPostPage(runtime: Runtime, id: string): Promise<BlogPostPage | null> {
  const source = blogSourceFor(runtime);
  return fromSource("a blog post", async () => {
    const post = await source.getPost(id);
    if (!post) return null;
    const related = await source.relatedPosts(post.id);
    return { post, related: related.map(toCardPost), canonicalPath: blogPostPath(post) };
  });
}

/** The home page's three newest posts, or the error text when the source fails (logged; the page still renders). */
export async function homeBlogPosts(runtime: Runtime): Promise<{ posts: BlogCardPost[]; error?: string }> {
  try {
    const posts = await blogSourceFor(runtime).listPosts({ limit: HOME_BLOG_POST_COUNT });
    return { posts: posts.map(toCardPost) };
  } catch (error) {
    log.error("Failed to load blog posts for the home page", errorFields(error));
    return { posts: [], error: blogIntro.errorText };
  }
}

/** The newest posts for the RSS feed. */
export async function feedPosts(runtime: Runtime, limit = 50) {
  return fromSource("the blog feed", () => blogSourceFor(runtime).listPosts({ limit }));
}

/** sitemap.xml entries for the published posts; none (logged) when the source fails, so the rest of the sitemap still answers. */
export async function blogSitemapEntries(runtime: Runtime): Promise<{ path: string; lastModified: string }[]> {
  try {
    const posts = await blogSourceFor(runtime).listPosts();
    return posts.map((post) => ({ path: blogPostPath(post), lastModified: post.updatedAt.slice(0, 10) }));
  } catch (error) {
    log.error("Could not list blog posts for the sitemap", errorFields(error));
    return [];
  }
}
