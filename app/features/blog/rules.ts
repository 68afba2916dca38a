import { pageParam } from "~/lib/pagination.ts";
import { todayIn, UK_TIME_ZONE } from "~/lib/format.ts";
import { searchText } from "~/lib/search-text.ts";
import type { BlogCardPost, BlogPostSummary } from "./types.ts";

// The blog's rules, shared by the server and the browser (docs/product.md §2.7, §11.5).

export const DEFAULT_TAG = "Uncategorized";
/** docs/product.md §11.5: every post shows the same fixed reading time. */
export const READ_TIME_LABEL = "5 min read";
export const RELATED_POST_COUNT = 3;
export const MAX_SEARCH_LENGTH = 100;
export const MAX_TAG_LENGTH = 40;
const MAX_SELECTED_TAGS = 20;
const MAX_SLUG_LENGTH = 80;

/** Content-source ids: store UUIDs and Contentful entry ids both fit. */
const POST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

export function isPostId(value: string): boolean {
  return POST_ID_PATTERN.test(value);
}

/** "Renting in London: a guide" → "renting-in-london-a-guide". */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/g, "");
  return slug || "post";
}

/** The canonical address of a post: /blog/{id}/{slug}. */
export function blogPostPath(post: { id: string; slug?: string | null }): string {
  const id = encodeURIComponent(post.id);
  return post.slug ? `/blog/${id}/${encodeURIComponent(post.slug)}` : `/blog/${id}`;
}

export type BlogFilters = { q: string; tags: string[] };

export const noBlogFilters: BlogFilters = { q: "", tags: [] };

/** Search text and tags from the address (?q=…&tag=…&tag=…), repaired rather than refused. */
export function parseBlogFilters(params: URLSearchParams): BlogFilters {
  const q = searchText(params.get("q"), MAX_SEARCH_LENGTH).replace(/\s+/g, " ");
  const tags: string[] = [];
  for (const raw of params.getAll("tag")) {
    const tag = searchText(raw, MAX_TAG_LENGTH);
    if (tag && !tags.includes(tag)) tags.push(tag);
    if (tags.length === MAX_SELECTED_TAGS) break;
  }
  return { q, tags };
}

/** The query string for filters ("" when there are none). */
export function blogFiltersToSearch(filters: BlogFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  for (const tag of filters.tags) params.append("tag", tag);
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** Posts on one page of /blog (docs/decisions/032): four rows of three cards. */
export const BLOG_PAGE_SIZE = 12;
const MAX_PAGE = 10_000;

/** The page asked for in ?page=n; anything that is not a page number is the first page. */
export function parseBlogPage(params: URLSearchParams): number {
  return pageParam(params, MAX_PAGE);
}

/** The address of a page of /blog that keeps the search and tags. */
export function blogListPath(filters: BlogFilters, page: number): string {
  const params = new URLSearchParams(blogFiltersToSearch(filters));
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/blog?${search}` : "/blog";
}

export function hasBlogFilters(filters: BlogFilters): boolean {
  return filters.q !== "" || filters.tags.length > 0;
}

export function toggleTag(filters: BlogFilters, tag: string): BlogFilters {
  return { ...filters, tags: filters.tags.includes(tag) ? filters.tags.filter((selected) => selected !== tag) : [...filters.tags, tag] };
}

/**
 * docs/product.md §2.7: search text and tags combine with AND. A post matches when its title or intro
 * contains the text (case-insensitive) and its tag is among the selected, or none is selected.
 */
export function matchesBlogFilters(post: Pick<BlogPostSummary, "title" | "intro" | "tag">, filters: { q?: string; tags?: readonly string[] }): boolean {
  const q = filters.q?.trim().toLocaleLowerCase("en-GB") ?? "";
  const textMatches = q === "" || post.title.toLocaleLowerCase("en-GB").includes(q) || post.intro.toLocaleLowerCase("en-GB").includes(q);
  const tagMatches = !filters.tags || filters.tags.length === 0 || filters.tags.includes(post.tag);
  return textMatches && tagMatches;
}

/** docs/product.md §2.7: only posts with both a title and an intro are shown (queries.server.ts says the same in SQL). */
export function isDisplayable(post: { title?: string | null; intro?: string | null }): boolean {
  return Boolean(post.title?.trim()) && Boolean(post.intro?.trim());
}

/** Tags in a stable, readable order. */
export function sortTags(tags: Iterable<string>): string[] {
  return [...new Set(tags)].sort((a, b) => a.localeCompare(b, "en-GB"));
}

/** Uploaded heroes come in two widths; cards use the smaller one. */
const UPLOADED_HERO = /^(\/uploads\/blog\/[a-z0-9-]+)-1600\.webp$/;

export function heroImageSrcSet(heroImage: string | null | undefined): string | undefined {
  const match = heroImage ? UPLOADED_HERO.exec(heroImage) : null;
  return match ? `${match[1]}-800.webp 800w, ${match[1]}-1600.webp 1600w` : undefined;
}

export function cardImage(heroImage: string | null | undefined): string | null {
  const match = heroImage ? UPLOADED_HERO.exec(heroImage) : null;
  return match ? `${match[1]}-800.webp` : (heroImage ?? null);
}

/** The calendar day (UK time) of an ISO date-time: "2026-03-05T23:30:00Z" → "2026-03-05". */
export function postDay(isoDateTime: string): string {
  const instant = new Date(isoDateTime);
  return Number.isNaN(instant.getTime()) ? isoDateTime.slice(0, 10) : todayIn(UK_TIME_ZONE, instant);
}

/** What a card needs: no body, the smaller image, the calendar day. */
export function toCardPost(post: BlogPostSummary): BlogCardPost {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    intro: post.intro,
    tag: post.tag,
    heroImage: cardImage(post.heroImage),
    heroImageAlt: post.heroImageAlt,
    date: postDay(post.date),
  };
}

/** A description for search results and link previews: the SEO text, else the intro cut at a word. */
export function metaDescription(post: Pick<BlogPostSummary, "intro" | "seoDescription">, max = 160): string {
  const text = (post.seoDescription?.trim() || post.intro).replace(/\s+/g, " ").trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, "")}…`;
}
