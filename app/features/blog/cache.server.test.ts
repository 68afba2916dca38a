import { describe, expect, it } from "vitest";
import { cachedBlogSource, invalidateBlogCache } from "./cache.server.ts";
import type { BlogSource } from "./types.ts";
import type { BlogPostSummary } from "./types.ts";

function summary(title: string): BlogPostSummary {
  return { id: title, slug: title, title, intro: "Intro text", tag: "Tag", heroImage: null, heroImageAlt: null, date: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:00:00Z", seoTitle: null, seoDescription: null };
}

/** A source that counts its reads and can be told to fail. */
function countingSource() {
  const calls: string[] = [];
  let title = "first";
  let failing = false;
  const source: BlogSource = {
    kind: "store",
    async listPosts(query = {}) {
      calls.push(`list:${query.search ?? ""}`);
      if (failing) throw new Error("database down");
      return [summary(title)];
    },
    async listPage(query, page, pageSize) {
      calls.push(`page:${query.search ?? ""}:${page}:${pageSize}`);
      return { posts: [summary(title)], total: 1, page: 1, pageCount: 1 };
    },
    async getPost(id) {
      calls.push(`post:${id}`);
      return { ...summary(title), bodyHtml: "" };
    },
    async relatedPosts(id) {
      calls.push(`related:${id}`);
      return [];
    },
    async listTags() {
      calls.push("tags");
      return ["Tag"];
    },
  };
  return { source, calls, rename: (next: string) => (title = next), fail: (value: boolean) => (failing = value) };
}

describe("cachedBlogSource", () => {
  it("answers repeated reads from memory until the time-to-live passes", async () => {
    let now = 0;
    const inner = countingSource();
    const cached = cachedBlogSource(inner.source, 60_000, () => now);
    await cached.listPosts();
    await cached.listPosts();
    await cached.getPost("a");
    await cached.getPost("a");
    expect(inner.calls).toEqual(["list:", "post:a"]);
    now = 59_999;
    await cached.listPosts();
    expect(inner.calls).toHaveLength(2);
    now = 60_000;
    await cached.listPosts();
    expect(inner.calls).toEqual(["list:", "post:a", "list:"]);
  });

  it("keeps different queries apart, and shares one read between concurrent callers", async () => {
    const inner = countingSource();
    const cached = cachedBlogSource(inner.source, 60_000);
    await Promise.all([cached.listPosts({ search: "a" }), cached.listPosts({ search: "a" }), cached.listPosts({ search: "b" })]);
    expect(inner.calls).toEqual(["list:a", "list:b"]);
  });

  it("keeps each page of each query apart", async () => {
    const inner = countingSource();
    const cached = cachedBlogSource(inner.source, 60_000);
    await cached.listPage({ search: "a" }, 1, 12);
    await cached.listPage({ search: "a" }, 1, 12);
    await cached.listPage({ search: "a" }, 2, 12);
    await cached.listPage({ search: "b" }, 2, 12);
    expect(inner.calls).toEqual(["page:a:1:12", "page:a:2:12", "page:b:2:12"]);
  });

  it("reads again after invalidateBlogCache, whatever the time-to-live", async () => {
    const inner = countingSource();
    const cached = cachedBlogSource(inner.source, 60_000);
    expect((await cached.listPosts())[0]!.title).toBe("first");
    inner.rename("second");
    expect((await cached.listPosts())[0]!.title).toBe("first");
    invalidateBlogCache();
    expect((await cached.listPosts())[0]!.title).toBe("second");
  });

  it("does not keep a failure", async () => {
    const inner = countingSource();
    const cached = cachedBlogSource(inner.source, 60_000);
    inner.fail(true);
    await expect(cached.listPosts()).rejects.toThrow("database down");
    inner.fail(false);
    expect(await cached.listPosts()).toHaveLength(1);
  });
});
