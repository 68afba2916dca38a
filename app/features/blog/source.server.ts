import type { Db } from "#db/client.ts";
import type { Settings } from "~/lib/env.server.ts";
import { cachedBlogSource } from "./cache.server.ts";
import { createContentfulSource } from "./contentful.server.ts";
import type { BlogSettings } from "./settings.server.ts";
import { createStoreSource } from "./store.server.ts";
import type { BlogPost, BlogPostSummary } from "./types.ts";

// The one content interface (DECISIONS.md §6): every page reads posts through a BlogSource,
// whichever source holds them. Public reads only: published posts, displayable ones.

export type ListPostsQuery = {
  /** Title or intro contains this text (case-insensitive). */
  search?: string;
  /** The post's tag is one of these (none: any tag). */
  tags?: readonly string[];
  limit?: number;
};

export interface BlogSource {
  readonly kind: "store" | "contentful";
  /** Newest first. */
  listPosts(query?: ListPostsQuery): Promise<BlogPostSummary[]>;
  /** null when there is no such published post. */
  getPost(id: string): Promise<BlogPost | null>;
  /** Other posts, newest first, never the post itself. */
  relatedPosts(id: string, limit?: number): Promise<BlogPostSummary[]>;
  /** Tags of the published posts, sorted. */
  listTags(): Promise<string[]>;
}

/** Keeps posts fresh enough: the store is edited here (and invalidated on edit), Contentful elsewhere. */
export const CACHE_TTL_MS = { store: 60_000, contentful: 5 * 60_000 } as const;

/** Contentful when both its space and token are set, else the built-in store. */
export function createBlogSource(db: Db, blogSettings: BlogSettings): BlogSource {
  return blogSettings.contentful ? createContentfulSource(blogSettings.contentful) : createStoreSource(db);
}

const sources = new WeakMap<Settings, BlogSource>();

/** The process's one (cached) blog source, made on first use and kept with the runtime's settings. */
export function blogSourceFor(runtime: { db: Db; settings: Settings }): BlogSource {
  let source = sources.get(runtime.settings);
  if (!source) {
    const raw = createBlogSource(runtime.db, runtime.settings.blog);
    source = cachedBlogSource(raw, CACHE_TTL_MS[raw.kind]);
    sources.set(runtime.settings, source);
  }
  return source;
}
