import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database.ts";
import { log } from "~/lib/log.server.ts";
import { createContentfulSource } from "./contentful.server.ts";
import { slugify } from "./rules.ts";
import { loadBlogSettings } from "./settings.server.ts";
import type { BlogSource } from "./types.ts";
import { createStoreSource } from "./store.server.ts";
import { FIXTURE_SPACE, FIXTURE_TOKEN, startContentfulRecorder, type ContentfulRecorder } from "./testing/contentful-recorder.ts";
import { datasetPost, datasetPosts, type DatasetKey } from "./testing/dataset.ts";
import { DRAFT_TITLE, insertDataset } from "./testing/store.ts";

// The same cases against both sources, through the one BlogSource interface: the built-in
// store on a real database, and Contentful through the real SDK talking to recorded
// Delivery API responses on a local server.

type Harness = {
  source: BlogSource;
  idOf(key: DatasetKey): string;
  /** An id of the right shape that no post has. */
  missingId: string;
  recorder?: ContentfulRecorder;
  close(): Promise<void>;
};

const setups: Record<"store" | "contentful", () => Promise<Harness>> = {
  async store() {
    const database: TestDatabase = await createTestDatabase();
    const { ids } = await insertDataset(database.db);
    return { source: createStoreSource(database.db), idOf: (key) => ids[key], missingId: randomUUID(), close: () => database.close() };
  },
  async contentful() {
    const recorder = await startContentfulRecorder();
    const settings = loadBlogSettings({ CONTENTFUL_SPACE_ID: FIXTURE_SPACE, CONTENTFUL_DELIVERY_TOKEN: FIXTURE_TOKEN, CONTENTFUL_HOST: recorder.url });
    return {
      source: createContentfulSource(settings.contentful!),
      idOf: (key) => datasetPost(key).contentfulId,
      missingId: "0NoSuchEntry0000000000",
      recorder,
      close: () => recorder.close(),
    };
  },
};

const titlesOf = (keys: DatasetKey[]) => keys.map((key) => datasetPost(key).title);
const titles = (posts: { title: string }[]) => posts.map((post) => post.title);

/** Every element in sanitised HTML with its attributes (escaped text such as &lt;script&gt; is not an element). */
function elementsIn(html: string): { name: string; attributes: [string, string][] }[] {
  return [...html.matchAll(/<([a-z][a-z0-9]*)((?:\s+[^\s=/>]+(?:="[^"]*"|='[^']*'|=[^\s>]+)?)*)\s*\/?>/gi)].map((match) => ({
    name: match[1]!.toLowerCase(),
    attributes: [...match[2]!.matchAll(/\s+([^\s=/>]+)(?:=("[^"]*"|'[^']*'|[^\s>]+))?/g)].map((attribute) => [
      attribute[1]!.toLowerCase(),
      (attribute[2] ?? "").replace(/^["']|["']$/g, "").replace(/&colon;|&#0*58;/gi, ":"),
    ]),
  }));
}

describe.each(["store", "contentful"] as const)(`the %s blog source (${testEngine})`, (kind) => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await setups[kind]();
  });
  afterAll(async () => {
    await harness?.close();
  });
  afterEach(() => {
    // Contentful: every request the SDK made had a recorded answer.
    expect(harness.recorder?.unexpected ?? []).toEqual([]);
  });

  it("lists the published posts newest first, leaving out posts without an intro", async () => {
    expect(titles(await harness.source.listPosts())).toEqual(titlesOf(["cv", "visa", "renting", "nurse", "unsafe"]));
  });

  it("takes the newest three for the home page, then drops those without an intro", async () => {
    expect(titles(await harness.source.listPosts({ limit: 3 }))).toEqual(titlesOf(["cv", "visa"]));
  });

  it("pages the posts it can show, newest first, with their total; a page past the end is the last page", async () => {
    const first = await harness.source.listPage({}, 1, 2);
    expect(first).toMatchObject({ total: 5, page: 1, pageCount: 3 });
    expect(titles(first.posts)).toEqual(titlesOf(["cv", "visa"]));
    expect(titles((await harness.source.listPage({}, 2, 2)).posts)).toEqual(titlesOf(["renting", "nurse"]));
    const beyond = await harness.source.listPage({}, 99, 2);
    expect(beyond).toMatchObject({ total: 5, page: 3, pageCount: 3 });
    expect(titles(beyond.posts)).toEqual(titlesOf(["unsafe"]));
    const employment = await harness.source.listPage({ search: "uk", tags: ["Employment", "Accommodation"] }, 1, 1);
    expect(employment).toMatchObject({ total: 2, page: 1, pageCount: 2 });
    expect(titles(employment.posts)).toEqual(titlesOf(["cv"]));
    expect(await harness.source.listPage({ search: "nothing like this" }, 4, 2)).toEqual({ posts: [], total: 0, page: 1, pageCount: 1 });
  });

  it("never lists a draft", async () => {
    const everything = [...(await harness.source.listPosts()), ...(await harness.source.listPosts({ search: "school" }))];
    expect(titles(everything)).not.toContain(DRAFT_TITLE);
  });

  it("searches title and intro case-insensitively, and combines search and tags with AND", async () => {
    // "visa" is in one title and in another post's intro.
    expect(titles(await harness.source.listPosts({ search: "VISA" }))).toEqual(titlesOf(["visa", "renting"]));
    expect(titles(await harness.source.listPosts({ tags: ["Employment"] }))).toEqual(titlesOf(["cv", "nurse"]));
    expect(titles(await harness.source.listPosts({ search: "uk", tags: ["Employment"] }))).toEqual(titlesOf(["cv"]));
    expect(titles(await harness.source.listPosts({ search: "uk", tags: ["Employment", "Accommodation"] }))).toEqual(titlesOf(["cv", "renting"]));
    expect(await harness.source.listPosts({ search: "visa", tags: ["Employment"] })).toEqual([]);
    // Matched literally: no wildcards.
    expect(await harness.source.listPosts({ search: "%" })).toEqual([]);
  });

  it("gets one post by id, with its body rendered to HTML", async () => {
    const visa = datasetPost("visa");
    const post = await harness.source.getPost(harness.idOf("visa"));
    expect(post).toMatchObject({
      id: harness.idOf("visa"),
      slug: slugify(visa.title),
      title: visa.title,
      intro: visa.intro,
      tag: "Visas & Legal",
      date: visa.date,
    });
    expect(post!.heroImage).toBeTruthy();
    expect(post!.heroImageAlt).toBeTruthy();
    expect(post!.bodyHtml).toContain("<h2>Documents you need</h2>");
    expect(post!.bodyHtml).toMatch(/<(strong|b)>Full birth certificates<\/(strong|b)>/);
    expect(post!.bodyHtml).toMatch(/<li>(<p>)?Bank statements for the last six months/);
  });

  it("answers null for a missing id, a malformed id and a post without an intro", async () => {
    expect(await harness.source.getPost(harness.missingId)).toBeNull();
    expect(await harness.source.getPost("../../etc/passwd")).toBeNull();
    expect(await harness.source.getPost(harness.idOf("noIntro"))).toBeNull();
  });

  it("logs the id of every post it leaves out", async () => {
    const warn = vi.spyOn(log, "warn");
    await harness.source.listPosts();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("without a title or intro"), expect.objectContaining({ postId: harness.idOf("noIntro") }));
  });

  it("relates up to three other posts, newest first, never the post itself", async () => {
    const related = await harness.source.relatedPosts(harness.idOf("cv"));
    expect(related.length).toBeLessThanOrEqual(3);
    expect(related.map((post) => post.id)).not.toContain(harness.idOf("cv"));
    expect(titles(related)).toEqual(titlesOf(["visa", "renting"]));
  });

  it("lists the tags of published posts, sorted", async () => {
    expect(await harness.source.listTags()).toEqual(["Accommodation", "Employment", "Settling In", "Visas & Legal"]);
  });

  it("strips script, event handlers and javascript:/data: links from a body, and marks external links", async () => {
    const post = await harness.source.getPost(harness.idOf("unsafe"));
    const html = post!.bodyHtml;
    expect(html).toContain("Read this before you paste.");
    const elements = elementsIn(html);
    expect(elements.map((element) => element.name)).toContain("a");
    for (const element of elements) {
      expect(["script", "iframe", "style", "object", "embed"]).not.toContain(element.name);
      for (const [name, value] of element.attributes) {
        expect(name).not.toMatch(/^on/);
        if (name === "href" || name === "src") expect(value.trim()).not.toMatch(/^(javascript|data|vbscript):/i);
      }
    }
    expect(html).toMatch(/<a href="https:\/\/www\.gov\.uk\/uk-ancestry-visa" rel="noopener noreferrer">our guide<\/a>/);
    expect(html).toContain('<a href="/consultations">book a call</a>');
    expect(html).toMatch(/<a>Claim your prize<\/a>/);
  });
});

describe("the Contentful source's requests", () => {
  let recorder: ContentfulRecorder;
  let source: BlogSource;

  beforeAll(async () => {
    recorder = await startContentfulRecorder();
    const settings = loadBlogSettings({ CONTENTFUL_SPACE_ID: FIXTURE_SPACE, CONTENTFUL_DELIVERY_TOKEN: FIXTURE_TOKEN, CONTENTFUL_HOST: recorder.url });
    source = createContentfulSource(settings.contentful!);
  });
  afterAll(async () => {
    await recorder?.close();
  });

  it("asks for blogPost entries in the master environment as docs/decisions/006 says, with the delivery token", async () => {
    recorder.requests.length = 0;
    await source.listPosts({ limit: 3 });
    await source.relatedPosts(datasetPost("cv").contentfulId);
    await source.getPost(datasetPost("visa").contentfulId);
    expect(recorder.requests.map(({ path, query, authorization }) => ({ path, query, authorization }))).toEqual([
      {
        path: `/spaces/${FIXTURE_SPACE}/environments/master/entries`,
        query: { content_type: "blogPost", order: "-sys.createdAt", limit: "3" },
        authorization: `Bearer ${FIXTURE_TOKEN}`,
      },
      {
        path: `/spaces/${FIXTURE_SPACE}/environments/master/entries`,
        query: { content_type: "blogPost", "sys.id[ne]": datasetPost("cv").contentfulId, order: "-sys.createdAt", limit: "3" },
        authorization: `Bearer ${FIXTURE_TOKEN}`,
      },
      {
        path: `/spaces/${FIXTURE_SPACE}/environments/master/entries`,
        query: { content_type: "blogPost", "sys.id": datasetPost("visa").contentfulId, limit: "1" },
        authorization: `Bearer ${FIXTURE_TOKEN}`,
      },
    ]);
    expect(recorder.unexpected).toEqual([]);
  });

  it("resolves the hero asset from includes and makes its protocol-relative url https", async () => {
    const [newest] = await source.listPosts({ limit: 3 });
    expect(newest!.heroImage).toMatch(/^https:\/\/images\.ctfassets\.net\/t4hul8relo0c\/4cvHer0AssetUkCv2026a\/[0-9a-f]+\/uk-cv\.jpg\?w=1600&fm=webp&q=80$/);
    expect(newest!.heroImageAlt).toBe("A printed two-page CV on a desk beside a laptop and a cup of rooibos");
    const unsafe = (await source.listPosts()).find((post) => post.title === datasetPost("unsafe").title);
    expect(unsafe!.heroImage).toBeNull();
  });

  it("retries a 503 and answers with the next response", async () => {
    recorder.requests.length = 0;
    recorder.failNext(1, 503);
    expect(titles(await source.listPosts({ limit: 3 }))).toEqual(titlesOf(["cv", "visa"]));
    expect(recorder.requests).toHaveLength(2);
  });

  it("gives up after five retries (six requests in all)", async () => {
    recorder.requests.length = 0;
    // 429 with a zero reset keeps the SDK's back-off short.
    recorder.failNext(6, 429);
    await expect(source.listPosts({ limit: 3 })).rejects.toThrow();
    expect(recorder.requests).toHaveLength(6);
  });

  it("ships fixtures that hold the same posts as the shared dataset", async () => {
    const all = await source.listPosts();
    for (const post of all) {
      const expected = datasetPosts.find((candidate) => candidate.contentfulId === post.id);
      expect(post).toMatchObject({ title: expected!.title, intro: expected!.intro, tag: expected!.tag, date: expected!.date });
    }
  });
});
