import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "#db/schema/index.ts";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database.ts";
import { loadSettings } from "~/lib/env.server.ts";
import { runtimeContext, type Runtime } from "~/lib/runtime.server.ts";
import { loader as listLoader, meta as listMeta } from "../../routes/public/blog.tsx";
import { BLOG_PAGE_SIZE, blogListPath, parseBlogPage } from "./rules.ts";

// /blog shows 12 posts a page (docs/decisions/032): numbered pages that keep the search and
// tags, a page past the end shows the last one, and each page names its canonical address and
// its neighbours.

const siteUrl = "https://blog.thula.example";
let database: TestDatabase;
let runtime: Runtime;

beforeAll(async () => {
  database = await createTestDatabase();
  runtime = { settings: loadSettings({ SITE_URL: siteUrl, NODE_ENV: "test", LOG_LEVEL: "silent" }), database, db: database.db, close: async () => {} };
  // 30 published posts a day apart (post 1 the newest), every third tagged Visas; one draft; one without an intro; one without a title.
  const day = 24 * 60 * 60 * 1000;
  await database.db.insert(blogPosts).values(
    Array.from({ length: 30 }, (_, index) => ({
      slug: `post-${index + 1}`,
      title: `Post ${index + 1}`,
      intro: `Intro of post ${index + 1}`,
      tag: index % 3 === 0 ? "Visas" : "Settling In",
      status: "published" as const,
      publishedAt: new Date(Date.UTC(2026, 5, 1) - index * day),
    })),
  );
  await database.db.insert(blogPosts).values([
    { slug: "draft", title: "A draft", intro: "Not yet", status: "draft" },
    { slug: "no-intro", title: "No intro", intro: "  ", status: "published", publishedAt: new Date(Date.UTC(2026, 6, 1)) },
    // Only white space other than spaces: no more a title than an empty one (isDisplayable trims it all).
    { slug: "blank-title", title: "\n\t", intro: "An intro under no title", status: "published", publishedAt: new Date(Date.UTC(2026, 6, 2)) },
  ]);
});
afterAll(async () => {
  await database?.close();
});

function list(url: string) {
  const context = new RouterContextProvider();
  context.set(runtimeContext, runtime);
  return listLoader({ request: new Request(`${siteUrl}${url}`), params: {}, context } as never);
}

const titles = (posts: { title: string }[]) => posts.map((post) => post.title);
const postsNumbered = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => `Post ${from + index}`);

describe(`/blog pages (${testEngine})`, () => {
  it("shows 12 posts a page, newest first, with the total of every page", async () => {
    expect(BLOG_PAGE_SIZE).toBe(12);
    const first = await list("/blog");
    expect(first).toMatchObject({ total: 30, page: 1, pageCount: 3 });
    expect(titles(first.posts)).toEqual(postsNumbered(1, 12));
    expect(titles((await list("/blog?page=2")).posts)).toEqual(postsNumbered(13, 24));
    expect(titles((await list("/blog?page=3")).posts)).toEqual(postsNumbered(25, 30));
  });

  it("shows the last page for a page past the end, and the first for a page that is not a number", async () => {
    const beyond = await list("/blog?page=9999");
    expect(beyond).toMatchObject({ page: 3, pageCount: 3 });
    expect(titles(beyond.posts)).toEqual(postsNumbered(25, 30));
    for (const page of ["0", "-2", "two", "1e3"]) expect((await list(`/blog?page=${page}`)).page, page).toBe(1);
  });

  it("pages a filtered list within its matches", async () => {
    // Twenty posts are Settling In (every post but 1, 4, 7 … 28): two pages.
    const settling = await list("/blog?tag=Settling+In&page=2");
    expect(settling).toMatchObject({ total: 20, page: 2, pageCount: 2, filters: { q: "", tags: ["Settling In"] } });
    expect(titles(settling.posts)).toEqual(["Post 20", "Post 21", "Post 23", "Post 24", "Post 26", "Post 27", "Post 29", "Post 30"]);
    // Ten are Visas: one page, so page 2 of them is that page.
    const visas = await list("/blog?tag=Visas&page=2");
    expect(visas).toMatchObject({ total: 10, page: 1, pageCount: 1 });
    expect(titles(visas.posts)).toEqual(["Post 1", "Post 4", "Post 7", "Post 10", "Post 13", "Post 16", "Post 19", "Post 22", "Post 25", "Post 28"]);
  });

  it("names each page's canonical address and its previous and next pages, keeping the filters", () => {
    const matches = [{ id: "root", loaderData: { siteUrl } }];
    const linksOf = (search: string, page: number, pageCount: number) =>
      (listMeta({ matches, location: { search }, loaderData: { page, pageCount } } as never) as Array<Record<string, string>>)
        .filter((tag) => tag.tagName === "link")
        .map((tag) => `${tag.rel} ${tag.href}`);
    expect(linksOf("", 1, 3)).toEqual([`canonical ${siteUrl}/blog`, `next ${siteUrl}/blog?page=2`]);
    expect(linksOf("?page=2", 2, 3)).toEqual([`canonical ${siteUrl}/blog?page=2`, `prev ${siteUrl}/blog`, `next ${siteUrl}/blog?page=3`]);
    expect(linksOf("?page=3", 3, 3)).toEqual([`canonical ${siteUrl}/blog?page=3`, `prev ${siteUrl}/blog?page=2`]);
    expect(linksOf("?q=uk&tag=Visas&page=2", 2, 3)).toEqual([`canonical ${siteUrl}/blog?page=2`, `prev ${siteUrl}/blog?q=uk&tag=Visas`, `next ${siteUrl}/blog?q=uk&tag=Visas&page=3`]);
  });

  it("writes page addresses that keep the search and tags", () => {
    expect(blogListPath({ q: "", tags: [] }, 1)).toBe("/blog");
    expect(blogListPath({ q: "uk visa", tags: ["Visas & Legal", "Employment"] }, 3)).toBe("/blog?q=uk+visa&tag=Visas+%26+Legal&tag=Employment&page=3");
    expect(parseBlogPage(new URLSearchParams("page=4"))).toBe(4);
  });
});
