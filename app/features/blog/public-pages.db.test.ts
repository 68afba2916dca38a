import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database.ts";
import { loadSettings } from "~/lib/env.server.ts";
import { log } from "~/lib/log.server.ts";
import { runtimeContext, type Runtime } from "~/lib/runtime.server.ts";
import { loader as rssLoader } from "../../routes/api/blog-rss.ts";
import { loader as sitemapLoader } from "../../routes/api/sitemap.ts";
import { loader as postLoader } from "../../routes/public/blog-post.tsx";
import { loader as listLoader } from "../../routes/public/blog.tsx";
import { loader as homeLoader } from "../../routes/public/home.tsx";
import { testActor } from "~/features/activity/testing.server.ts";
import { getPostForAdmin, setPostStatus, updatePost } from "./admin.server.ts";
import { updatePostRow } from "./queries.server.ts";
import { slugify } from "./rules.ts";
import { FIXTURE_SPACE, FIXTURE_TOKEN, startContentfulRecorder, type ContentfulRecorder } from "./testing/contentful-recorder.ts";
import { datasetPost } from "./testing/dataset.ts";
import { DRAFT_TITLE, insertDataset } from "./testing/store.ts";

// The blog's pages, feed and sitemap, through their route loaders, on the built-in store
// (and on Contentful for the failure and Contentful page cases).

const siteUrl = "https://blog.thula.example";
const dataDir = mkdtempSync(path.join(os.tmpdir(), "ukr-blog-pages-"));
let database: TestDatabase;
let runtime: Runtime;
let ids: Awaited<ReturnType<typeof insertDataset>>["ids"];
let draftId: string;

function newRuntime(db: TestDatabase, env: NodeJS.ProcessEnv = {}): Runtime {
  // A fresh settings object: the blog source is chosen from the settings once per runtime.
  return { settings: loadSettings({ SITE_URL: siteUrl, DATA_DIR: dataDir, NODE_ENV: "test", ...env }), database: db, db: db.db, close: () => db.close() };
}

function contextFor(target: Runtime) {
  const context = new RouterContextProvider();
  context.set(runtimeContext, target);
  return context;
}

type AnyArgs = { request: Request; params: Record<string, string | undefined>; context: RouterContextProvider };
const call = <T,>(loader: (args: never) => T, url: string, params: Record<string, string | undefined> = {}, target = runtime) =>
  loader({ request: new Request(`${siteUrl}${url}`), params, context: contextFor(target) } satisfies AnyArgs as never);

/** What a loader threw: a Response (redirect) or data() with a status. */
async function thrown(promise: Promise<unknown>): Promise<{ status: number; location?: string | null }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get("location") };
    const init = (error as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status };
    throw error;
  }
  throw new Error("The loader did not throw");
}

beforeAll(async () => {
  database = await createTestDatabase();
  runtime = newRuntime(database);
  ({ ids, draftId } = await insertDataset(database.db));
});
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const titleOf = (key: Parameters<typeof datasetPost>[0]) => datasetPost(key).title;

describe(`the blog pages on the built-in store (${testEngine})`, () => {
  it("/blog lists published posts with their tags, and filters by search and tag from the address", async () => {
    const page = await call(listLoader, "/blog");
    expect(page.posts.map((post) => post.title)).toEqual([titleOf("cv"), titleOf("visa"), titleOf("renting"), titleOf("nurse"), titleOf("unsafe")]);
    expect(page.tags).toEqual(["Accommodation", "Employment", "Settling In", "Visas & Legal"]);
    const filtered = await call(listLoader, "/blog?q=uk&tag=Employment&tag=Accommodation");
    expect(filtered.filters).toEqual({ q: "uk", tags: ["Employment", "Accommodation"] });
    expect(filtered.posts.map((post) => post.title)).toEqual([titleOf("cv"), titleOf("renting")]);
  });

  it("shows a post at /blog/{id}/{slug} and at /blog/{id}, with up to three related posts and BlogPosting data", async () => {
    const slug = slugify(titleOf("visa"));
    const page = await call(postLoader, `/blog/${ids.visa}/${slug}`, { postId: ids.visa, slug });
    expect(page.post.title).toBe(titleOf("visa"));
    expect(page.canonicalPath).toBe(`/blog/${ids.visa}/${slug}`);
    expect(page.url).toBe(`${siteUrl}/blog/${ids.visa}/${slug}`);
    expect(page.related.length).toBeLessThanOrEqual(3);
    expect(page.related.map((post) => post.id)).not.toContain(ids.visa);
    const jsonLd = JSON.parse(page.jsonLd);
    expect(jsonLd).toMatchObject({
      "@type": "BlogPosting",
      headline: titleOf("visa"),
      datePublished: datasetPost("visa").date,
      mainEntityOfPage: { "@type": "WebPage", "@id": page.url },
      author: { "@type": "Organization", name: "Thula Relocations" },
      publisher: { "@type": "Organization", name: "Thula Relocations" },
    });
    expect(jsonLd.image[0]).toMatch(/^https:\/\/blog\.thula\.example\//);
    expect((await call(postLoader, `/blog/${ids.visa}`, { postId: ids.visa })).post.id).toBe(ids.visa);
  });

  it("redirects a wrong slug to the post's address with a 301", async () => {
    expect(await thrown(call(postLoader, `/blog/${ids.visa}/old-title?ref=mail`, { postId: ids.visa, slug: "old-title" }))).toEqual({
      status: 301,
      location: `/blog/${ids.visa}/${slugify(titleOf("visa"))}?ref=mail`,
    });
  });

  it("answers 404 for a missing post, a malformed id and a post without an intro", async () => {
    for (const postId of ["0b0f2b6a-3d1c-4f7e-9a51-2c8d4e6f8a10", "not-a-post", ids.noIntro]) {
      expect(await thrown(call(postLoader, `/blog/${postId}`, { postId }))).toEqual({ status: 404 });
    }
  });

  it("the home page shows the newest posts", async () => {
    const home = await call(homeLoader, "/");
    expect(home.blogError).toBeUndefined();
    expect(home.blogPosts.map((post) => post.title)).toEqual([titleOf("cv"), titleOf("visa")]);
    expect(home.blogPosts[0]).toMatchObject({ id: ids.cv, slug: slugify(titleOf("cv")), date: "2026-03-10" });
  });

  it("the feed is RSS 2.0 of published posts", async () => {
    const response = await call(rssLoader, "/blog/rss.xml");
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toContain(`<link>${siteUrl}/blog/${ids.cv}/${slugify(titleOf("cv"))}</link>`);
    expect(xml).toContain("<pubDate>Tue, 10 Mar 2026 09:00:00 GMT</pubDate>");
    expect(xml.match(/<item>/g)).toHaveLength(5);
  });

  it("the sitemap lists every published post with its last change, after the fixed pages", async () => {
    const xml = await (await call(sitemapLoader, "/sitemap.xml")).text();
    expect(xml).toContain(`<loc>${siteUrl}/blog</loc>`);
    expect(xml).toContain(`<url><loc>${siteUrl}/blog/${ids.renting}/${slugify(titleOf("renting"))}</loc><lastmod>2026-02-21</lastmod></url>`);
    expect(xml).not.toContain(ids.noIntro);
  });

  it("never shows a draft: not on /blog, not at its address, not on the home page, in the feed or in the sitemap", async () => {
    const list = await call(listLoader, "/blog?q=school");
    expect(list.posts).toEqual([]);
    expect((await call(listLoader, "/blog")).tags).not.toContain("Family");
    expect(await thrown(call(postLoader, `/blog/${draftId}`, { postId: draftId }))).toEqual({ status: 404 });
    expect((await call(homeLoader, "/")).blogPosts.map((post) => post.id)).not.toContain(draftId);
    expect(await (await call(rssLoader, "/blog/rss.xml")).text()).not.toContain(DRAFT_TITLE);
    expect(await (await call(sitemapLoader, "/sitemap.xml")).text()).not.toContain(draftId);
  });
});

describe(`the blog cache and admin edits (${testEngine})`, () => {
  const post = () => call(postLoader, `/blog/${ids.nurse}`, { postId: ids.nurse });

  it("serves a repeated view from memory, and shows an admin's edit on the very next view", async () => {
    expect((await post()).post.title).toBe(titleOf("nurse"));
    // A change behind the blog's back is not seen until the time-to-live passes: the view was cached.
    const { version } = (await getPostForAdmin(database.db, ids.nurse))!;
    await updatePostRow(database.db, ids.nurse, version, { title: "Changed behind the cache's back" });
    expect((await post()).post.title).toBe(titleOf("nurse"));

    // An admin edit drops the cache: the next view, list and feed show it at once.
    const edited = "Nursing jobs in Manchester: register with the NMC first";
    await updatePost(database.db, testActor, { id: ids.nurse, version: version + 1 }, {
      title: edited,
      intro: datasetPost("nurse").intro,
      body: datasetPost("nurse").body,
      tag: "Employment",
      heroImage: null,
      heroImageAlt: null,
      seoTitle: null,
      seoDescription: null,
    });
    expect((await post()).post.title).toBe(edited);
    expect((await call(listLoader, "/blog")).posts.map((item) => item.title)).toContain(edited);
    expect(await (await call(rssLoader, "/blog/rss.xml")).text()).toContain(edited);
  });

  it("shows a post published by an admin at once, first on the home page, and hides it again when unpublished", async () => {
    const published = await setPostStatus(database.db, testActor, (await getPostForAdmin(database.db, draftId))!, "published", new Date("2026-04-01T09:00:00Z"));
    expect((await call(homeLoader, "/")).blogPosts[0]!.title).toBe(DRAFT_TITLE);
    expect((await call(listLoader, "/blog")).posts[0]!.title).toBe(DRAFT_TITLE);
    expect((await call(postLoader, `/blog/${draftId}`, { postId: draftId })).post.title).toBe(DRAFT_TITLE);

    await setPostStatus(database.db, testActor, published, "draft");
    expect((await call(homeLoader, "/")).blogPosts.map((item) => item.title)).not.toContain(DRAFT_TITLE);
    expect(await thrown(call(postLoader, `/blog/${draftId}`, { postId: draftId }))).toEqual({ status: 404 });
  });
});

describe("the blog pages on Contentful", () => {
  let recorder: ContentfulRecorder;
  beforeAll(async () => {
    recorder = await startContentfulRecorder();
  });
  afterAll(async () => {
    await recorder?.close();
  });
  afterEach(() => {
    expect(recorder.unexpected).toEqual([]);
  });

  function contentfulRuntime(token = FIXTURE_TOKEN): Runtime {
    return newRuntime(database, { CONTENTFUL_SPACE_ID: FIXTURE_SPACE, CONTENTFUL_DELIVERY_TOKEN: token, CONTENTFUL_HOST: recorder.url });
  }

  it("reads the list, a post and the home page from Contentful when its space and token are set", async () => {
    const target = contentfulRuntime();
    const visa = datasetPost("visa");
    expect((await call(listLoader, "/blog", {}, target)).posts.map((post) => post.id)).toContain(visa.contentfulId);
    const page = await call(postLoader, `/blog/${visa.contentfulId}/${slugify(visa.title)}`, { postId: visa.contentfulId, slug: slugify(visa.title) }, target);
    expect(page.post.bodyHtml).toContain("<h2>Documents you need</h2>");
    expect(page.related.map((post) => post.id)).not.toContain(visa.contentfulId);
    expect((await call(homeLoader, "/", {}, target)).blogPosts.map((post) => post.title)).toEqual([titleOf("cv"), titleOf("visa")]);
  });

  it("shows each page's failure state when the source fails, and logs it", async () => {
    // The recorder refuses this token (401), which the SDK does not retry.
    const target = contentfulRuntime("not-the-recorded-token-0123456789");
    const error = vi.spyOn(log, "error");
    expect(await thrown(call(listLoader, "/blog", {}, target))).toEqual({ status: 503 });
    expect(await thrown(call(postLoader, `/blog/${datasetPost("visa").contentfulId}`, { postId: datasetPost("visa").contentfulId }, target))).toEqual({ status: 503 });
    const home = await call(homeLoader, "/", {}, target);
    expect(home).toMatchObject({ blogPosts: [], blogError: "Failed to load blog posts" });
    expect((await call(rssLoader, "/blog/rss.xml", {}, target)).status).toBe(503);
    const sitemap = await call(sitemapLoader, "/sitemap.xml", {}, target);
    expect(sitemap.status).toBe(200);
    expect(await sitemap.text()).toContain(`<loc>${siteUrl}/blog</loc>`);
    expect(error).toHaveBeenCalledWith("Failed to load blog posts for the home page", expect.anything());
  });
});
