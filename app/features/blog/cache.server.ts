import type { BlogSource } from "./types.ts";

// Blog reads are cached in the server process for a short time, so a blog view under load
// costs no database (or Contentful) round trip. Every admin edit calls invalidateBlogCache(),
// so this process shows the change at once; on PostgreSQL every other instance hears of it
// within a second (cache-sync.server.ts), and the time-to-live bounds the rest.

/** Distinct reads kept (search texts are the visitor's: the map must not grow without bound). */
const MAX_ENTRIES = 500;

type Entry = { expiresAt: number; generation: number; value: Promise<unknown> };

// On globalThis so a dev-server module reload shares one generation with the admin code.
const slot = globalThis as typeof globalThis & { __ukrBlogCacheGeneration?: number };

function currentGeneration(): number {
  return slot.__ukrBlogCacheGeneration ?? 0;
}

/** Drops every cached blog read in this process (call after any change to posts). */
export function invalidateBlogCache(): void {
  slot.__ukrBlogCacheGeneration = currentGeneration() + 1;
}

/**
 * A source that answers repeated reads from memory for `ttlMs`. Concurrent identical reads
 * share one request; failures are not cached; a read that started before an invalidation
 * is not kept after it.
 */
export function cachedBlogSource(source: BlogSource, ttlMs: number, now: () => number = Date.now): BlogSource {
  const entries = new Map<string, Entry>();

  function read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const generation = currentGeneration();
    const time = now();
    const hit = entries.get(key);
    if (hit && hit.generation === generation && hit.expiresAt > time) return hit.value as Promise<T>;
    if (hit) entries.delete(key);

    const value = load();
    entries.set(key, { expiresAt: time + ttlMs, generation, value });
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    while (entries.size > MAX_ENTRIES) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
    return value;
  }

  return {
    kind: source.kind,
    listPosts: (query = {}) =>
      read(`list:${JSON.stringify([query.search ?? "", [...(query.tags ?? [])].sort(), query.limit ?? 0])}`, () => source.listPosts(query)),
    listPage: (query, page, pageSize) =>
      read(`page:${JSON.stringify([query.search ?? "", [...(query.tags ?? [])].sort(), page, pageSize])}`, () => source.listPage(query, page, pageSize)),
    getPost: (id) => read(`post:${id}`, () => source.getPost(id)),
    relatedPosts: (id, limit) => read(`related:${id}:${limit ?? ""}`, () => source.relatedPosts(id, limit)),
    listTags: () => read("tags", () => source.listTags()),
  };
}
