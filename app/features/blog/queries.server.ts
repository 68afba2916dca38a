import { and, count, desc, eq, inArray, like, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { blogPosts } from "#db/schema/index.ts";
import { likeLiteral } from "~/lib/search-text.ts";
import { isRecordId } from "~/lib/ids.ts";

// The only code that touches the blog_posts table (the built-in store, docs/decisions/006).

export type BlogPostRow = typeof blogPosts.$inferSelect;
export type BlogPostSummaryRow = Omit<BlogPostRow, "body">;
export type BlogPostStatus = BlogPostRow["status"];

const summaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  intro: blogPosts.intro,
  tag: blogPosts.tag,
  heroImage: blogPosts.heroImage,
  heroImageAlt: blogPosts.heroImageAlt,
  status: blogPosts.status,
  publishedAt: blogPosts.publishedAt,
  seoTitle: blogPosts.seoTitle,
  seoDescription: blogPosts.seoDescription,
  version: blogPosts.version,
  createdAt: blogPosts.createdAt,
  updatedAt: blogPosts.updatedAt,
};

/** Store ids are UUIDs; anything else cannot be a post (and must not reach a uuid cast). */
export function isStoreId(id: string): boolean {
  return isRecordId(id);
}

const isPublished = eq(blogPosts.status, "published");
// Newest first: the day it went public, then when it was written (ties keep a stable order).
const newestFirst = [desc(sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt})`), desc(blogPosts.createdAt), desc(blogPosts.id)];

function containsText(column: typeof blogPosts.title | typeof blogPosts.intro, text: string): SQL {
  // strpos, not LIKE: the visitor's text is matched literally (no % or _ wildcards).
  return sql`strpos(lower(${column}), lower(${text})) > 0`;
}

type PublishedQuery = { search?: string; tags?: readonly string[] };

function publishedMatching(query: PublishedQuery): SQL[] {
  const conditions: SQL[] = [isPublished];
  if (query.search) conditions.push(or(containsText(blogPosts.title, query.search), containsText(blogPosts.intro, query.search))!);
  if (query.tags && query.tags.length > 0) conditions.push(inArray(blogPosts.tag, [...query.tags]));
  return conditions;
}

// A page's rows and its count must agree, so pages leave out posts the site cannot show (no title or intro) in SQL:
// the same rule as isDisplayable (rules.ts), a title and an intro with something but white space in them.
const displayable = sql`${blogPosts.title} ~ '\\S' and ${blogPosts.intro} ~ '\\S'`;

export async function publishedPostSummaries(db: Db, query: PublishedQuery & { limit?: number } = {}): Promise<BlogPostSummaryRow[]> {
  const statement = db
    .select(summaryColumns)
    .from(blogPosts)
    .where(and(...publishedMatching(query)))
    .orderBy(...newestFirst);
  return query.limit ? statement.limit(query.limit) : statement;
}

/** How many published posts the site can show match the search and tags. */
export async function countDisplayablePosts(db: Db, query: PublishedQuery): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(blogPosts)
    .where(and(...publishedMatching(query), displayable));
  return row?.total ?? 0;
}

/** One page of the published posts the site can show, newest first (the published_at index gives the order). */
export async function displayablePostPage(db: Db, query: PublishedQuery, page: { limit: number; offset: number }): Promise<BlogPostSummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(blogPosts)
    .where(and(...publishedMatching(query), displayable))
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);
}

export async function publishedPostById(db: Db, id: string): Promise<BlogPostRow | null> {
  if (!isStoreId(id)) return null;
  const [row] = await db.select().from(blogPosts).where(and(isPublished, eq(blogPosts.id, id)));
  return row ?? null;
}

export async function otherPublishedPosts(db: Db, id: string, limit: number): Promise<BlogPostSummaryRow[]> {
  const conditions = isStoreId(id) ? and(isPublished, ne(blogPosts.id, id)) : isPublished;
  return db.select(summaryColumns).from(blogPosts).where(conditions).orderBy(...newestFirst).limit(limit);
}

export async function publishedTags(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ tag: blogPosts.tag }).from(blogPosts).where(isPublished);
  return rows.map((row) => row.tag);
}

// Admin (every status).

/** The tags of every post, drafts included, each once (the editor's suggestions: they grow with topics, not posts). */
export async function tagsOfAllPosts(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ tag: blogPosts.tag }).from(blogPosts);
  return rows.map((row) => row.tag);
}

export async function allPostSummaries(db: Db): Promise<BlogPostSummaryRow[]> {
  return db.select(summaryColumns).from(blogPosts).orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id));
}

export async function postById(db: Db, id: string): Promise<BlogPostRow | null> {
  if (!isStoreId(id)) return null;
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  return row ?? null;
}

/** Slugs in use that are `base` or `base-<n>`, except the given post's own. */
export async function slugsLike(db: Db, base: string, exceptId?: string): Promise<string[]> {
  const pattern = `${likeLiteral(base)}-%`;
  const matching = or(eq(blogPosts.slug, base), like(blogPosts.slug, pattern))!;
  const rows = await db
    .select({ slug: blogPosts.slug })
    .from(blogPosts)
    .where(exceptId ? and(matching, ne(blogPosts.id, exceptId)) : matching);
  return rows.map((row) => row.slug);
}

export type NewBlogPostRow = typeof blogPosts.$inferInsert;

/** Inserts unless the slug is taken (then returns null: pick another). */
export async function insertPostRow(db: Db, values: NewBlogPostRow): Promise<BlogPostRow | null> {
  const [row] = await db.insert(blogPosts).values(values).onConflictDoNothing({ target: blogPosts.slug }).returning();
  return row ?? null;
}

/**
 * Saves the post's fields and, with `publication`, publishes (keeping the first publication
 * date) or unpublishes it, in one statement, only while the post is still at `version` (then
 * one more). Null when it is gone or has moved on (docs/decisions/014-no-lost-updates.md).
 */
export async function updatePostRow(
  db: Db,
  id: string,
  version: number,
  values: Partial<NewBlogPostRow>,
  publication?: { status: BlogPostStatus; now: Date },
): Promise<BlogPostRow | null> {
  if (!isStoreId(id)) return null;
  const published = publication?.status === "published";
  const [row] = await db
    .update(blogPosts)
    .set({
      ...values,
      ...(publication
        ? { status: publication.status, publishedAt: published ? sql`coalesce(${blogPosts.publishedAt}, ${publication.now.toISOString()}::timestamptz)` : undefined }
        : {}),
      version: sql`${blogPosts.version} + 1`,
    })
    .where(and(eq(blogPosts.id, id), eq(blogPosts.version, version)))
    .returning();
  return row ?? null;
}

/** The deleted post's id, title and status; null when there was none. */
export async function deletePostRow(db: Db, id: string): Promise<Pick<BlogPostRow, "id" | "title" | "status"> | null> {
  if (!isStoreId(id)) return null;
  const [row] = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id, title: blogPosts.title, status: blogPosts.status });
  return row ?? null;
}
