import type { Db } from "#db/client.ts";
import type { Settings } from "~/lib/env.server.ts";
import { cachedBlogSource } from "./cache.server.ts";
import type { BlogSettings, ContentfulSettings } from "./settings.server.ts";
import { createStoreSource } from "./store.server.ts";
import type { BlogSource } from "./types.ts";

// Which content source serves the blog (the interface itself is BlogSource in types.ts).

/** Keeps posts fresh enough: the store is edited here (and invalidated on edit), Contentful elsewhere. */
export const CACHE_TTL_MS = { store: 60_000, contentful: 5 * 60_000 } as const;

/** Contentful when both its space and token are set, else the built-in store. */
export function createBlogSource(db: Db, blogSettings: BlogSettings): BlogSource {
  return blogSettings.contentful ? lazyContentfulSource(blogSettings.contentful) : createStoreSource(db);
}

/** The Contentful source, its SDK loaded at the first read: a site on the built-in store never loads it. */
function lazyContentfulSource(settings: ContentfulSettings): BlogSource {
  let loaded: Promise<BlogSource> | undefined;
  const source = () => (loaded ??= import("./contentful.server.ts").then((module) => module.createContentfulSource(settings)));
  return {
    kind: "contentful",
    listPosts: async (query) => (await source()).listPosts(query),
    listPage: async (query, page, pageSize) => (await source()).listPage(query, page, pageSize),
    getPost: async (id) => (await source()).getPost(id),
    relatedPosts: async (id, limit) => (await source()).relatedPosts(id, limit),
    listTags: async () => (await source()).listTags(),
  };
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
