import { documentToHtmlString, type Options } from "@contentful/rich-text-html-renderer";
import { BLOCKS, INLINES, type Document } from "@contentful/rich-text-types";
import { createClient, type EntryFieldTypes, type EntrySkeletonType } from "contentful";
import { log } from "~/lib/log.server.ts";
import { pageWithin } from "~/lib/pagination.ts";
import { sanitizePostHtml } from "./render.server.ts";
import { DEFAULT_TAG, isDisplayable, isPostId, matchesBlogFilters, RELATED_POST_COUNT, slugify, sortTags } from "./rules.ts";
import type { ContentfulSettings } from "./settings.server.ts";
import type { BlogSource, ListPostsQuery } from "./types.ts";
import type { BlogPost, BlogPostSummary } from "./types.ts";

// Contentful as the blog's source (docs/decisions/006): content type blogPost, read through the
// official SDK with the client settings of docs/product.md §11.5 and the queries of docs/decisions/006.

/** docs/product.md §11.5: request timeout and retries (on 5xx, 429 and connection errors) of the content client. */
export const CONTENTFUL_CLIENT = { timeout: 30_000, retryLimit: 5 } as const;
const CONTENT_TYPE = "blogPost";
/** "Every post" for search, tags and the feed: the Delivery API's largest page (the blog is small). */
const ALL_POSTS_LIMIT = 1000;
const NEWEST_FIRST = "-sys.createdAt";

type BlogPostSkeleton = EntrySkeletonType<
  {
    blogTitle: EntryFieldTypes.RichText;
    blogIntro: EntryFieldTypes.RichText;
    blogBody: EntryFieldTypes.RichText;
    blogTag: EntryFieldTypes.Symbol;
    blogHero: EntryFieldTypes.AssetLink;
  },
  typeof CONTENT_TYPE
>;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null;
}

function isDocument(value: unknown): value is Document {
  return isObject(value) && value.nodeType === BLOCKS.DOCUMENT && Array.isArray(value.content);
}

const blockTypes = new Set<string>(Object.values(BLOCKS));

/** Rich text (or a plain string, for a title field made a Symbol) → one line of plain text. */
export function richTextToPlainText(value: unknown): string {
  if (typeof value === "string") return value.replace(/\s+/g, " ").trim();
  if (!isDocument(value)) return "";
  const parts: string[] = [];
  const walk = (node: unknown) => {
    if (!isObject(node)) return;
    if (node.nodeType === "text" && typeof node.value === "string") parts.push(node.value);
    if (Array.isArray(node.content)) node.content.forEach(walk);
    if (typeof node.nodeType === "string" && blockTypes.has(node.nodeType)) parts.push(" ");
  };
  walk(value);
  return parts.join("").replace(/\s+/g, " ").trim();
}

/** An asset's file url ("//images.ctfassets.net/…") as an https address, sized for a hero. */
export function assetUrl(asset: unknown): string | null {
  const file = isObject(asset) && isObject(asset.fields) ? asset.fields.file : undefined;
  const url = isObject(file) && typeof file.url === "string" ? file.url.trim() : "";
  if (!url) return null;
  const absolute = url.startsWith("//") ? `https:${url}` : url;
  if (!absolute.startsWith("https://")) return null;
  // Contentful's Images API: never more than the page's widest slot, in WebP.
  return /^https:\/\/images\.ctfassets\.net\//.test(absolute) && !absolute.includes("?") ? `${absolute}?w=1600&fm=webp&q=80` : absolute;
}

function assetDescription(asset: unknown): string {
  if (!isObject(asset) || !isObject(asset.fields)) return "";
  const { description, title } = asset.fields;
  return (typeof description === "string" && description.trim()) || (typeof title === "string" && title.trim()) || "";
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const richTextOptions: Partial<Options> = {
  renderNode: {
    [BLOCKS.EMBEDDED_ASSET]: (node) => {
      const src = assetUrl(node.data.target);
      return src ? `<figure><img src="${escapeAttribute(src)}" alt="${escapeAttribute(assetDescription(node.data.target))}" /></figure>` : "";
    },
    // Other entries embedded in a post have no page of their own here: their text stays, nothing else.
    [BLOCKS.EMBEDDED_ENTRY]: () => "",
    [INLINES.EMBEDDED_ENTRY]: () => "",
    [INLINES.ENTRY_HYPERLINK]: (node, next) => next(node.content),
    [INLINES.RESOURCE_HYPERLINK]: (node, next) => next(node.content),
    [INLINES.ASSET_HYPERLINK]: (node, next) => {
      const href = assetUrl(node.data.target);
      return href ? `<a href="${escapeAttribute(href)}">${next(node.content)}</a>` : next(node.content);
    },
  },
};

export function richTextToSafeHtml(value: unknown): string {
  return isDocument(value) ? sanitizePostHtml(documentToHtmlString(value, richTextOptions)) : "";
}

type EntryLike = { sys: { id: string; createdAt: string; updatedAt: string }; fields: Record<string, unknown> };

/** An entry → a post without its body, or null (logged) when it lacks the title or intro docs/product.md §2.7 requires. */
function toSummary(entry: EntryLike): BlogPostSummary | null {
  const title = richTextToPlainText(entry.fields.blogTitle);
  const intro = richTextToPlainText(entry.fields.blogIntro);
  if (!isDisplayable({ title, intro })) {
    log.warn("Blog post without a title or intro left out", { source: "contentful", postId: entry.sys.id });
    return null;
  }
  const tag = typeof entry.fields.blogTag === "string" && entry.fields.blogTag.trim() ? entry.fields.blogTag.trim() : DEFAULT_TAG;
  const heroImage = assetUrl(entry.fields.blogHero);
  return {
    id: entry.sys.id,
    slug: slugify(title),
    title,
    intro,
    tag,
    heroImage,
    heroImageAlt: heroImage ? assetDescription(entry.fields.blogHero) : null,
    date: entry.sys.createdAt,
    updatedAt: entry.sys.updatedAt,
    seoTitle: null,
    seoDescription: null,
  };
}

function summaries(entries: readonly EntryLike[]): BlogPostSummary[] {
  return entries.map(toSummary).filter((post): post is BlogPostSummary => post !== null);
}

export function createContentfulSource(settings: ContentfulSettings): BlogSource {
  const client = createClient({
    space: settings.space,
    accessToken: settings.accessToken,
    environment: settings.environment,
    timeout: CONTENTFUL_CLIENT.timeout,
    retryLimit: CONTENTFUL_CLIENT.retryLimit,
    retryOnError: true,
    ...(settings.host ? { host: settings.host } : {}),
    insecure: settings.insecure,
    application: "thula-relocations-site/1.0",
    // The SDK's default handler prints to the console; the site logs one JSON line instead.
    logHandler: (level, data) => {
      const message = typeof data === "string" ? data : isObject(data) && typeof data.message === "string" ? data.message : "Contentful client message";
      if (level === "error") log.error("Contentful client error", { detail: message });
      else log.warn("Contentful client", { level, detail: message });
    },
  });

  async function entries(query: Record<string, string | number>): Promise<EntryLike[]> {
    const response = await client.getEntries<BlogPostSkeleton>({ content_type: CONTENT_TYPE, ...query } as Parameters<typeof client.getEntries<BlogPostSkeleton>>[0]);
    return response.items as unknown as EntryLike[];
  }

  async function listPosts(query: ListPostsQuery = {}) {
    const filtered = Boolean(query.search) || (query.tags?.length ?? 0) > 0;
    // docs/decisions/006: newest first by creation; the home page asks for 3. Search and tags filter
    // the whole (small) list here, as the Delivery API cannot search inside rich text fields.
    const found = summaries(await entries({ order: NEWEST_FIRST, limit: filtered || !query.limit ? ALL_POSTS_LIMIT : query.limit }));
    const matching = filtered ? found.filter((post) => matchesBlogFilters(post, { q: query.search, tags: query.tags })) : found;
    return query.limit ? matching.slice(0, query.limit) : matching;
  }

  return {
    kind: "contentful",
    listPosts,
    // The Delivery API cannot search rich text (docs/decisions/006), so a page is cut from the whole (small, cached) list.
    async listPage(query, requested, pageSize) {
      const matching = await listPosts(query);
      const { page, pageCount, offset } = pageWithin(matching.length, requested, pageSize);
      return { posts: matching.slice(offset, offset + pageSize), total: matching.length, page, pageCount };
    },
    async getPost(id) {
      if (!isPostId(id)) return null;
      // "Get one entry by id" (docs/decisions/006), asked as a query so a missing entry is null, not an error.
      const [entry] = await entries({ "sys.id": id, limit: 1 });
      const summary = entry ? toSummary(entry) : null;
      return summary && entry ? ({ ...summary, bodyHtml: richTextToSafeHtml(entry.fields.blogBody) } satisfies BlogPost) : null;
    },
    async relatedPosts(id, limit = RELATED_POST_COUNT) {
      return summaries(await entries({ "sys.id[ne]": id, order: NEWEST_FIRST, limit }));
    },
    async listTags() {
      return sortTags((await listPosts()).map((post) => post.tag));
    },
  };
}
