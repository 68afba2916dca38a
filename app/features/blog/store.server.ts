import type { Db } from "#db/client.ts";
import { log } from "~/lib/log.server.ts";
import { pageWithin } from "~/lib/pagination.ts";
import { countDisplayablePosts, displayablePostPage, otherPublishedPosts, publishedPostById, publishedPostSummaries, publishedTags, type BlogPostRow, type BlogPostSummaryRow } from "./queries.server.ts";
import { renderMarkdown } from "./render.server.ts";
import { isDisplayable, RELATED_POST_COUNT, sortTags } from "./rules.ts";
import type { BlogSource } from "./types.ts";
import type { BlogPost, BlogPostSummary } from "./types.ts";

// The built-in store (the default source): published posts from the site's own database,
// Markdown bodies rendered and sanitised.

function toSummary(row: BlogPostSummaryRow): BlogPostSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title.trim(),
    intro: row.intro.trim(),
    tag: row.tag,
    heroImage: row.heroImage,
    heroImageAlt: row.heroImageAlt,
    date: (row.publishedAt ?? row.createdAt).toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
  };
}

/** docs/product.md §2.7: posts without a title or an intro are logged and left out. */
function displayable<Row extends BlogPostSummaryRow>(rows: Row[]): Row[] {
  return rows.filter((row) => {
    if (isDisplayable(row)) return true;
    log.warn("Blog post without a title or intro left out", { source: "store", postId: row.id });
    return false;
  });
}

export function createStoreSource(db: Db): BlogSource {
  return {
    kind: "store",
    async listPosts(query = {}) {
      return displayable(await publishedPostSummaries(db, query)).map(toSummary);
    },
    async listPage(query, requested, pageSize) {
      const total = await countDisplayablePosts(db, query);
      const { page, pageCount, offset } = pageWithin(total, requested, pageSize);
      const rows = total === 0 ? [] : await displayablePostPage(db, query, { limit: pageSize, offset });
      return { posts: rows.map(toSummary), total, page, pageCount };
    },
    async getPost(id) {
      const row: BlogPostRow | null = await publishedPostById(db, id);
      if (!row || displayable([row]).length === 0) return null;
      return { ...toSummary(row), bodyHtml: renderMarkdown(row.body) } satisfies BlogPost;
    },
    async relatedPosts(id, limit = RELATED_POST_COUNT) {
      return displayable(await otherPublishedPosts(db, id, limit)).map(toSummary);
    },
    async listTags() {
      return sortTags(await publishedTags(db));
    },
  };
}
