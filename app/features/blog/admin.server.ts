import type { Db } from "#db/client.ts";
import { changesBetween, type Actor } from "~/features/activity/rules.ts";
import { missingVersionError, recordActivity, staleEditError, type ActivityEntry } from "~/features/activity/service.server.ts";
import { violates } from "~/lib/db-errors.ts";
import { ConflictError, NotFoundError } from "~/lib/errors.ts";
import { invalidateBlogCache } from "./cache.server.ts";
import {
  allPostSummaries,
  tagsOfAllPosts,
  deletePostRow,
  insertPostRow,
  postById,
  slugsLike,
  updatePostRow,
  type BlogPostRow,
  type BlogPostStatus,
} from "./queries.server.ts";
import { slugify } from "./rules.ts";
import type { BlogPostInput } from "./schema.ts";

// The admin's use cases for the built-in store (/admin/blog). Every change is written with
// its activity entry, attributed to the signed-in admin, in one transaction
// (docs/decisions/013-activity-log.md), and drops the blog cache, so the site shows it on
// the next view.

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
  /** The editor saves over this version only (docs/decisions/014-no-lost-updates.md). */
  version: number;
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
    version: row.version,
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

/** An activity entry about post `id` (titles are the business's own words, so they are named). */
function entryAbout(id: string | null, action: string, summary: string, changes?: ActivityEntry["changes"]): ActivityEntry {
  return { action: `blog_post.${action}`, entityType: "blog_post", entityId: id, summary, changes };
}

/** The fields an edit records before → after; the article itself is long, so it is only "changed". */
const loggedFields = ["title", "slug", "status", "intro", "tag", "heroImage", "heroImageAlt", "seoTitle", "seoDescription"] as const;

/** What a save did: published, unpublished or edited the post, and which fields changed. */
function editEntry(before: BlogPostRow, after: BlogPostRow): ActivityEntry {
  const changes = { ...changesBetween(before, after, { fields: loggedFields }), ...(before.body === after.body ? {} : { body: { changed: true as const } }) };
  const logged = Object.keys(changes).length > 0 ? changes : undefined;
  if (before.status === after.status) return entryAbout(after.id, "update", `Saved "${after.title}"`, logged);
  return after.status === "published"
    ? entryAbout(after.id, "publish", `Published "${after.title}"`, logged)
    : entryAbout(after.id, "unpublish", `Unpublished "${after.title}"`, logged);
}

/** Creates a post (a draft unless `publish`); returns it. */
export async function createPost(db: Db, actor: Actor, input: BlogPostInput, options: { publish?: boolean; now?: Date } = {}): Promise<AdminPost> {
  const now = options.now ?? new Date();
  const status: BlogPostStatus = options.publish ? "published" : "draft";
  // Two admins saving the same title at once: the loser of the slug takes the next number.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const row = await db.transaction(async (tx) => {
      const inserted = await insertPostRow(tx, { ...columns(input), slug: await uniqueSlug(tx, input.title), status, publishedAt: options.publish ? now : null });
      if (inserted) {
        const summary = options.publish ? `Created and published "${inserted.title}"` : `Created the draft "${inserted.title}"`;
        await recordActivity(tx, actor, entryAbout(inserted.id, "create", summary));
      }
      return inserted;
    });
    if (row) {
      invalidateBlogCache();
      return toAdminPost(row);
    }
  }
  throw new Error("Could not find a free slug for the post");
}

/** The blog's log entries about a post that leave the post as it was. */
const UNCHANGING_ACTIONS = ["blog_post.upload-image"] as const;

/**
 * The refusal of a save when the post's version is not the one the editor opened: gone
 * (404), or changed by someone since (409, naming who and when; docs/decisions/014-no-lost-updates.md).
 */
async function refusalOf(tx: Db, id: string): Promise<Error> {
  if (!(await postById(tx, id))) return new NotFoundError(NOT_FOUND);
  return staleEditError(tx, { entityType: "blog_post", entityId: id, noun: "post", passOver: UNCHANGING_ACTIONS });
}

/**
 * Saves the fields of a post; `status` then publishes or unpublishes it. Saved only over the
 * version the editor opened (`version`): a post someone changed since is refused, and
 * nothing is written.
 */
export async function updatePost(
  db: Db,
  actor: Actor,
  { id, version }: { id: string; version: number | undefined },
  input: BlogPostInput,
  options: { status?: BlogPostStatus; now?: Date } = {},
): Promise<AdminPost> {
  if (version === undefined) throw missingVersionError("post");
  const updated = await db
    .transaction(async (tx) => {
      const existing = await postById(tx, id);
      if (!existing) throw new NotFoundError(NOT_FOUND);
      if (existing.version !== version) throw await refusalOf(tx, id);
      const slug = existing.title === input.title ? existing.slug : await uniqueSlug(tx, input.title, id);
      const publication = options.status ? { status: options.status, now: options.now ?? new Date() } : undefined;
      const row = await updatePostRow(tx, id, version, { ...columns(input), slug }, publication);
      if (!row) throw await refusalOf(tx, id);
      await recordActivity(tx, actor, editEntry(existing, row));
      return row;
    })
    .catch((error: unknown) => {
      if (violates(error, "23505")) throw new ConflictError("Another post took this title's web address a moment ago. Please save again.");
      throw error;
    });
  invalidateBlogCache();
  return toAdminPost(updated);
}

/** Publishing sets published_at the first time only; unpublishing keeps it for a later re-publish. At `version` only, as updatePost. */
export async function setPostStatus(db: Db, actor: Actor, { id, version }: { id: string; version: number | undefined }, status: BlogPostStatus, now = new Date()): Promise<AdminPost> {
  if (version === undefined) throw missingVersionError("post");
  const row = await db.transaction(async (tx) => {
    const existing = await postById(tx, id);
    if (!existing) throw new NotFoundError(NOT_FOUND);
    const changed = await updatePostRow(tx, id, version, {}, { status, now });
    if (!changed) throw await refusalOf(tx, id);
    await recordActivity(tx, actor, editEntry(existing, changed));
    return changed;
  });
  invalidateBlogCache();
  return toAdminPost(row);
}

export async function deletePost(db: Db, actor: Actor, id: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const deleted = await deletePostRow(tx, id);
      if (!deleted) throw new NotFoundError(NOT_FOUND);
      await recordActivity(tx, actor, entryAbout(deleted.id, "delete", `Deleted the ${deleted.status === "published" ? "published post" : "draft"} "${deleted.title}"`));
    });
  } finally {
    invalidateBlogCache();
  }
}

/**
 * A hero image was stored (images.server.ts). It joins the post only when the post is saved;
 * until then the entry says which file was uploaded for which post (none yet on a new one).
 */
export async function recordHeroImageUpload(db: Db, actor: Actor, upload: { postId: string | undefined; title: string; path: string }): Promise<void> {
  const title = upload.title.trim().replace(/\s+/g, " ");
  const target = upload.postId ? `"${title}"` : title ? `the new post "${title}"` : "a new post";
  await recordActivity(db, actor, entryAbout(upload.postId ?? null, "upload-image", `Uploaded the hero image ${upload.path} for ${target}`));
}

/** Tags already in use, to suggest in the editor. */
export async function tagsInUse(db: Db): Promise<string[]> {
  return (await tagsOfAllPosts(db)).sort((a, b) => a.localeCompare(b, "en-GB"));
}
