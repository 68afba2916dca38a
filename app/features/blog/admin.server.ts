import type { Db } from "#db/client.ts";
import { ConflictError, NotFoundError } from "~/lib/errors.ts";
import { invalidateBlogCache } from "./cache.server.ts";
import {
  allPostSummaries,
  deletePostRow,
  insertPostRow,
  postById,
  setPostStatusRow,
  slugsLike,
  updatePostRow,
  type BlogPostRow,
  type BlogPostStatus,
} from "./queries.server.ts";
import { slugify } from "./rules.ts";
import type { BlogPostInput } from "./schema.ts";

// The admin's use cases for the built-in store (/admin/blog). Every change drops the blog
// cache, so the site shows it on the next view.

export type AdminPostListItem = {
  id: string;
  slug: string;
  title: string;
  tag: string;
  status: BlogPostStatus;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
};

export type AdminPost = AdminPostListItem & {
  intro: string;
  body: string;
  heroImage: string | null;
  heroImageAlt: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
};

const NOT_FOUND = "That blog post no longer exists.";

function toListItem(row: Omit<BlogPostRow, "body">): AdminPostListItem {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    tag: row.tag,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

function toAdminPost(row: BlogPostRow): AdminPost {
  return {
    ...toListItem(row),
    intro: row.intro,
    body: row.body,
    heroImage: row.heroImage,
    heroImageAlt: row.heroImageAlt,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
  };
}

/** Every post, drafts included, last edited first. */
export async function listPostsForAdmin(db: Db): Promise<AdminPostListItem[]> {
  return (await allPostSummaries(db)).map(toListItem);
}

export async function getPostForAdmin(db: Db, id: string): Promise<AdminPost | null> {
  const row = await postById(db, id);
  return row ? toAdminPost(row) : null;
}

/** The title's slug, or the first free `slug-2`, `slug-3`… (the post's own slug counts as free). */
export async function uniqueSlug(db: Db, title: string, exceptId?: string): Promise<string> {
  const base = slugify(title);
  const taken = new Set(await slugsLike(db, base, exceptId));
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

function columns(input: BlogPostInput) {
  return {
    title: input.title,
    intro: input.intro,
    body: input.body,
    tag: input.tag,
    heroImage: input.heroImage,
    heroImageAlt: input.heroImage ? input.heroImageAlt : null,
    seoTitle: input.seoTitle,
    seoDescription: input.seoDescription,
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error || (typeof cause === "object" && cause !== null); cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === "23505") return true;
    if (!("cause" in (cause as object))) break;
  }
  return false;
}

/** Creates a post (a draft unless `publish`); returns it. */
export async function createPost(db: Db, input: BlogPostInput, options: { publish?: boolean; now?: Date } = {}): Promise<AdminPost> {
  const now = options.now ?? new Date();
  const status: BlogPostStatus = options.publish ? "published" : "draft";
  // Two admins saving the same title at once: the loser of the slug takes the next number.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const slug = await uniqueSlug(db, input.title);
    const row = await insertPostRow(db, { ...columns(input), slug, status, publishedAt: options.publish ? now : null });
    if (row) {
      invalidateBlogCache();
      return toAdminPost(row);
    }
  }
  throw new Error("Could not find a free slug for the post");
}

/** Saves the fields of a post; `status` then publishes or unpublishes it. */
export async function updatePost(db: Db, id: string, input: BlogPostInput, options: { status?: BlogPostStatus; now?: Date } = {}): Promise<AdminPost> {
  const existing = await postById(db, id);
  if (!existing) throw new NotFoundError(NOT_FOUND);
  const slug = existing.title === input.title ? existing.slug : await uniqueSlug(db, input.title, id);
  const updated = await db
    .transaction(async (tx) => {
      const row = await updatePostRow(tx, id, { ...columns(input), slug });
      if (!row || !options.status) return row;
      return setPostStatusRow(tx, id, options.status, options.now ?? new Date());
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new ConflictError("Another post took this title's web address a moment ago. Please save again.");
      throw error;
    });
  if (!updated) throw new NotFoundError(NOT_FOUND);
  invalidateBlogCache();
  return toAdminPost(updated);
}

/** Publishing sets published_at the first time only; unpublishing keeps it for a later re-publish. */
export async function setPostStatus(db: Db, id: string, status: BlogPostStatus, now = new Date()): Promise<AdminPost> {
  const row = await setPostStatusRow(db, id, status, now);
  if (!row) throw new NotFoundError(NOT_FOUND);
  invalidateBlogCache();
  return toAdminPost(row);
}

export async function deletePost(db: Db, id: string): Promise<void> {
  const deleted = await deletePostRow(db, id);
  invalidateBlogCache();
  if (!deleted) throw new NotFoundError(NOT_FOUND);
}

/** Tags already in use, to suggest in the editor. */
export async function tagsInUse(db: Db): Promise<string[]> {
  const rows = await allPostSummaries(db);
  return [...new Set(rows.map((row) => row.tag))].sort((a, b) => a.localeCompare(b, "en-GB"));
}
