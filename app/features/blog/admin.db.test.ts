import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { blogPosts, uploadedImages } from "#db/schema/index.ts";
import { testEngine } from "../../../tests/support/test-database.ts";
import { entryBy, testActor as zanele, watchActivity } from "~/features/activity/testing.server.ts";
import { ensureAdmin } from "~/features/admin-auth/admins.server.ts";
import { getAuth } from "~/features/admin-auth/auth.server.ts";
import { signInWithPassword } from "~/features/admin-auth/service.server.ts";
import { cookieHeader, nextClient, routerContext, testSiteUrl, useTestRuntime } from "~/features/admin-auth/testing.server.ts";
import { NotFoundError } from "~/lib/errors.ts";
import { action as editorAction, loader as editorLoader, intents as editorRouteIntents } from "../../routes/admin/blog-edit.tsx";
import { action as listAction } from "../../routes/admin/blog.tsx";
import type { EditorActionResult } from "./admin-actions.server.ts";
import { createPost, deletePost, getPostForAdmin, listPostsForAdmin, setPostStatus, tagsInUse, updatePost } from "./admin.server.ts";
import { IMAGE_WRONG_TYPE, MAX_IMAGE_BYTES } from "./images.server.ts";
import type { BlogPostInput } from "./schema.ts";
import { createStoreSource } from "./store.server.ts";

// The blog admin on a real database: the use cases, the editor's and the list's actions, and
// the activity entry each write adds (attributed to the admin, with what changed).

const { database, runtime } = useTestRuntime(blogPosts);

/** The entry `actor` (Zanele unless given) wrote about post `id`. */
const logged = (id: string | null, action: string, summary: string, changes?: unknown, actor = zanele) =>
  expect.objectContaining(entryBy(actor, { action: `blog_post.${action}`, entityType: "blog_post", entityId: id, summary, ...(changes ? { changes } : {}) }));

const input = (overrides: Partial<BlogPostInput> = {}): BlogPostInput => ({
  title: "Opening a UK bank account before you land",
  intro: "Which banks open accounts for new arrivals, and what proof of address they accept.",
  body: "## Before you fly\n\nAsk for a **digital** account.",
  tag: "Money",
  heroImage: null,
  heroImageAlt: null,
  seoTitle: null,
  seoDescription: null,
  ...overrides,
});

describe(`blog admin use cases (${testEngine})`, () => {
  it("creates drafts the public never sees, with unique slugs, each logged", async () => {
    const written = await watchActivity(database.db);
    const first = await createPost(database.db, zanele, input());
    const second = await createPost(database.db, zanele, input());
    const third = await createPost(database.db, zanele, input());
    expect([first.slug, second.slug, third.slug]).toEqual([
      "opening-a-uk-bank-account-before-you-land",
      "opening-a-uk-bank-account-before-you-land-2",
      "opening-a-uk-bank-account-before-you-land-3",
    ]);
    expect(first).toMatchObject({ status: "draft", publishedAt: null });
    expect(await createStoreSource(database.db).listPosts()).toEqual([]);
    expect((await listPostsForAdmin(database.db)).map((post) => post.status)).toEqual(["draft", "draft", "draft"]);
    const created = (post: { id: string }) => logged(post.id, "create", 'Created the draft "Opening a UK bank account before you land"');
    expect(await written()).toEqual([created(first), created(second), created(third)]);
  });

  it("sets published_at on the first publish only, and keeps it through unpublish and re-publish, logging each", async () => {
    const post = await createPost(database.db, zanele, input());
    const written = await watchActivity(database.db);
    // Each change answers the post at its new version, which the next one is based on.
    const first = await setPostStatus(database.db, zanele, post, "published", new Date("2026-04-01T09:00:00Z"));
    expect(first.publishedAt).toBe("2026-04-01T09:00:00.000Z");
    const draft = await setPostStatus(database.db, zanele, first, "draft");
    expect(draft.publishedAt).toBe("2026-04-01T09:00:00.000Z");
    expect(await createStoreSource(database.db).getPost(post.id)).toBeNull();
    const again = await setPostStatus(database.db, zanele, draft, "published", new Date("2026-05-01T09:00:00Z"));
    expect(again.publishedAt).toBe("2026-04-01T09:00:00.000Z");
    expect((await createStoreSource(database.db).getPost(post.id))?.date).toBe("2026-04-01T09:00:00.000Z");
    const title = '"Opening a UK bank account before you land"';
    const published = logged(post.id, "publish", `Published ${title}`, { status: { before: "draft", after: "published" } });
    expect(await written()).toEqual([published, logged(post.id, "unpublish", `Unpublished ${title}`, { status: { before: "published", after: "draft" } }), published]);
  });

  it("publishes straight away when asked, moves the slug with a new title, and logs each field's change (the article only as changed)", async () => {
    const written = await watchActivity(database.db);
    const post = await createPost(database.db, zanele, input(), { publish: true, now: new Date("2026-04-02T10:00:00Z") });
    expect(post).toMatchObject({ status: "published", publishedAt: "2026-04-02T10:00:00.000Z" });
    const renamed = await updatePost(database.db, zanele, post, input({ title: "Banking in the UK: your first account", tag: "Banking", body: "A new article body." }));
    expect(renamed).toMatchObject({ slug: "banking-in-the-uk-your-first-account", status: "published" });
    const unpublished = await updatePost(database.db, zanele, renamed, input(), { status: "draft" });
    expect(unpublished).toMatchObject({ slug: "opening-a-uk-bank-account-before-you-land", status: "draft" });
    const saved = await updatePost(database.db, zanele, unpublished, input());
    expect(saved.status).toBe("draft");

    const entries = await written();
    expect(entries).toEqual([
      logged(post.id, "create", 'Created and published "Opening a UK bank account before you land"'),
      logged(post.id, "update", 'Saved "Banking in the UK: your first account"', {
        title: { before: "Opening a UK bank account before you land", after: "Banking in the UK: your first account" },
        slug: { before: "opening-a-uk-bank-account-before-you-land", after: "banking-in-the-uk-your-first-account" },
        tag: { before: "Money", after: "Banking" },
        body: { changed: true },
      }),
      logged(post.id, "unpublish", 'Unpublished "Opening a UK bank account before you land"', {
        title: { before: "Banking in the UK: your first account", after: "Opening a UK bank account before you land" },
        slug: { before: "banking-in-the-uk-your-first-account", after: "opening-a-uk-bank-account-before-you-land" },
        status: { before: "published", after: "draft" },
        tag: { before: "Banking", after: "Money" },
        body: { changed: true },
      }),
      logged(post.id, "update", 'Saved "Opening a UK bank account before you land"'),
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/new article body|Before you fly/);
  });

  it("suggests each tag in use once, drafts' too, sorted", async () => {
    await createPost(database.db, zanele, input({ tag: "Money" }), { publish: true });
    await createPost(database.db, zanele, input({ tag: "Money" }));
    await createPost(database.db, zanele, input({ tag: "Visas" }), { publish: true });
    await createPost(database.db, zanele, input({ tag: "Cars" }));
    expect(await tagsInUse(database.db)).toEqual(expect.arrayContaining(["Cars", "Money", "Visas"]));
    const tags = await tagsInUse(database.db);
    expect(new Set(tags).size).toBe(tags.length);
    expect([...tags].sort((a, b) => a.localeCompare(b, "en-GB"))).toEqual(tags);
  });

  it("deletes and logs it, and reports a post that is not there without logging anything", async () => {
    const post = await createPost(database.db, zanele, input());
    const written = await watchActivity(database.db);
    await deletePost(database.db, zanele, post.id);
    expect(await getPostForAdmin(database.db, post.id)).toBeNull();
    await expect(deletePost(database.db, zanele, post.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(updatePost(database.db, zanele, post, input())).rejects.toBeInstanceOf(NotFoundError);
    await expect(setPostStatus(database.db, zanele, post, "published")).rejects.toBeInstanceOf(NotFoundError);
    await expect(setPostStatus(database.db, zanele, { id: "not-a-uuid", version: 1 }, "published")).rejects.toBeInstanceOf(NotFoundError);
    expect(await written()).toEqual([logged(post.id, "delete", 'Deleted the draft "Opening a UK bank account before you land"')]);
  });
});

describe(`the admin blog actions (${testEngine})`, () => {
  let cookie: string;
  let editor: { id: string; name: string; email: string };

  beforeAll(async () => {
    const auth = getAuth(runtime);
    const admin = await ensureAdmin(database.db, auth, { email: "editor@thula.example", password: "a long editor passphrase", name: "Blog Editor" });
    editor = { id: admin.userId, name: "Blog Editor", email: "editor@thula.example" };
    const answer = await signInWithPassword(auth, { siteUrl: testSiteUrl, client: nextClient() }, { email: "editor@thula.example", password: "a long editor passphrase" });
    if (!answer.ok) throw new Error(answer.message);
    cookie = cookieHeader(answer.setCookies);
  });

  function request(pathname: string, body: FormData | undefined, headers: Record<string, string> = {}) {
    return new Request(`${testSiteUrl}${pathname}`, { method: "POST", body, headers: { cookie, origin: testSiteUrl, ...headers } });
  }

  /** Runs the editor's action; a thrown Response (redirect, refusal) is returned. */
  async function edit(body: FormData, postId?: string, headers?: Record<string, string>): Promise<{ status: number; location?: string | null; result?: EditorActionResult }> {
    const pathname = postId ? `/admin/blog/${postId}` : "/admin/blog/new";
    try {
      const answer = await editorAction({ request: request(pathname, body, headers), params: { postId }, context: routerContext(runtime) } as never);
      const wrapped = answer as { data?: EditorActionResult; init?: { status?: number } };
      if (wrapped && typeof wrapped === "object" && "init" in wrapped) return { status: wrapped.init?.status ?? 200, result: wrapped.data };
      return { status: 200, result: answer as EditorActionResult };
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
      throw thrown;
    }
  }

  function form(fields: Record<string, string>, file?: File) {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    if (file) body.set("heroImageFile", file);
    return body;
  }

  const fields = {
    title: "Opening a UK bank account before you land",
    intro: "Which banks open accounts for new arrivals, and what proof of address they accept.",
    body: "## Before you fly\n\n<script>alert(1)</script>\n\nAsk for a **digital** account.",
    tag: "Money",
  };

  async function pngFile(name = "hero.png") {
    const bytes = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: "#34507d" } }).png().toBuffer();
    return new File([new Uint8Array(bytes)], name, { type: "image/png" });
  }

  it("lists every intent the editor's action answers", () => {
    expect([...editorRouteIntents]).toEqual(["save", "publish", "unpublish", "preview", "upload", "delete"]);
  });

  /** The editor's history of a post, as /admin/blog/{id} shows it. */
  async function historyShown(postId: string) {
    const data = (await editorLoader({ request: new Request(`${testSiteUrl}/admin/blog/${postId}`), params: { postId }, context: routerContext(runtime) } as never)) as {
      history: Array<{ action: string; actorName: string; summary: string }>;
    };
    return data.history.map((entry) => [entry.action, entry.actorName]);
  }

  it("sends a visitor without a session to /admin/login, and refuses a cross-site post, saving and logging nothing", async () => {
    const written = await watchActivity(database.db);
    const anonymous = await edit(form({ intent: "publish", ...fields }), undefined, { cookie: "" });
    expect(anonymous).toMatchObject({ status: 302, location: "/admin/login" });
    const forged = await edit(form({ intent: "publish", ...fields }), undefined, { origin: "https://evil.example" });
    expect(forged.status).toBe(403);
    expect(await listPostsForAdmin(database.db)).toEqual([]);
    expect(await written()).toEqual([]);
  });

  it("previews the body as the site renders it, saving and logging nothing", async () => {
    const written = await watchActivity(database.db);
    const answer = await edit(form({ intent: "preview", ...fields }));
    expect(answer.status).toBe(200);
    expect(answer.result?.previewHtml).toBe("<h2>Before you fly</h2>\n<p>Ask for a <strong>digital</strong> account.</p>");
    expect(await listPostsForAdmin(database.db)).toEqual([]);
    expect(await written()).toEqual([]);
  });

  it("answers invalid fields with 422 and clear messages, keeping what was typed and saving and logging nothing", async () => {
    const written = await watchActivity(database.db);
    const answer = await edit(form({ intent: "save", ...fields, title: "ab", intro: "short", seoTitle: "s".repeat(71) }));
    expect(answer.status).toBe(422);
    expect(answer.result?.fieldErrors).toMatchObject({
      title: [expect.stringContaining("at least 3")],
      intro: [expect.stringContaining("at least 10")],
      seoTitle: [expect.stringContaining("at most 70")],
    });
    expect(answer.result?.values).toMatchObject({ title: "ab", body: fields.body });
    expect(await listPostsForAdmin(database.db)).toEqual([]);
    expect(await written()).toEqual([]);
  });

  it("uploads a PNG as resized WebP images in the database, hands back its address and logs the upload", async () => {
    const written = await watchActivity(database.db);
    const answer = await edit(form({ intent: "upload", ...fields }, await pngFile()));
    expect(answer.status).toBe(200);
    const heroImage = answer.result?.values?.heroImage ?? "";
    expect(heroImage).toMatch(/^\/uploads\/blog\/[0-9a-f-]{36}-1600\.webp$/);
    const stored = await database.db.select({ name: uploadedImages.name }).from(uploadedImages);
    const base = heroImage.replace("/uploads/", "").replace("-1600.webp", "");
    expect(stored.map((image) => image.name)).toEqual(expect.arrayContaining([`${base}-1600.webp`, `${base}-800.webp`]));
    expect(await listPostsForAdmin(database.db)).toEqual([]);
    expect(await written()).toEqual([logged(null, "upload-image", `Uploaded the hero image ${heroImage} for the new post "${fields.title}"`, undefined, editor)]);
  });

  it("logs an upload to a saved post as that post's, in its history", async () => {
    const post = await createPost(database.db, zanele, input());
    const written = await watchActivity(database.db);
    const answer = await edit(form({ intent: "upload", ...fields, title: "  Banking   first  " }, await pngFile()), post.id);
    expect(answer.status).toBe(200);
    expect(await written()).toEqual([logged(post.id, "upload-image", `Uploaded the hero image ${answer.result?.values?.heroImage} for "Banking first"`, undefined, editor)]);
    expect(await historyShown(post.id)).toEqual([
      ["blog_post.upload-image", "Blog Editor"],
      ["blog_post.create", "Zanele Dube"],
    ]);
  });

  it("refuses a text file named .png (422) and an image over 5 MB (413), logging nothing", async () => {
    const written = await watchActivity(database.db);
    const text = new File(["not an image at all"], "holiday.png", { type: "image/png" });
    const wrongType = await edit(form({ intent: "upload", ...fields }, text));
    expect(wrongType.status).toBe(422);
    expect(wrongType.result?.message).toBe(IMAGE_WRONG_TYPE);

    const huge = new File([new Uint8Array(MAX_IMAGE_BYTES + 512 * 1024)], "huge.png", { type: "image/png" });
    const tooLarge = await edit(form({ intent: "upload", ...fields }, huge));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.result?.message).toMatch(/larger than 5 MB/);
    expect(await edit(form({ intent: "upload", ...fields }))).toMatchObject({ status: 422 });
    expect(await written()).toEqual([]);
  });

  it("requires alt text for an uploaded image, and logs no save", async () => {
    const written = await watchActivity(database.db);
    const answer = await edit(form({ intent: "publish", ...fields }, await pngFile()));
    expect(answer.status).toBe(422);
    expect(answer.result?.fieldErrors?.heroImageAlt).toEqual([expect.stringContaining("alt text")]);
    expect(answer.result?.values?.heroImage).toMatch(/^\/uploads\/blog\//);
    expect(await listPostsForAdmin(database.db)).toEqual([]);
    expect(await written()).toEqual([]);
  });

  it("publishes a new post with its image, then unpublishes and deletes it, each logged as the signed-in admin's and shown in its history", async () => {
    const written = await watchActivity(database.db);
    const published = await edit(form({ intent: "publish", ...fields, heroImageAlt: "A bank card on a passport" }, await pngFile()));
    expect(published.status).toBe(302);
    const [post] = await listPostsForAdmin(database.db);
    expect(published.location).toBe(`/admin/blog/${post!.id}?done=published`);
    const shown = await createStoreSource(database.db).getPost(post!.id);
    expect(shown).toMatchObject({ title: fields.title, heroImageAlt: "A bank card on a passport" });
    expect(shown!.heroImage).toMatch(/^\/uploads\/blog\/.+-1600\.webp$/);
    expect(shown!.bodyHtml).not.toContain("<script");

    const unpublished = await edit(form({ intent: "unpublish", ...fields, heroImage: shown!.heroImage!, heroImageAlt: "A bank card on a passport", version: "1" }), post!.id);
    expect(unpublished).toMatchObject({ status: 302, location: `/admin/blog/${post!.id}?done=unpublished` });
    expect(await createStoreSource(database.db).getPost(post!.id)).toBeNull();
    expect(await historyShown(post!.id)).toEqual([
      ["blog_post.unpublish", "Blog Editor"],
      ["blog_post.create", "Blog Editor"],
    ]);

    const deleted = await edit(form({ intent: "delete" }), post!.id);
    expect(deleted).toMatchObject({ status: 302, location: "/admin/blog?deleted=1" });
    expect(await listPostsForAdmin(database.db)).toEqual([]);
    expect(await edit(form({ intent: "delete" }), post!.id)).toMatchObject({ status: 404 });

    const title = `"${fields.title}"`;
    expect(await written()).toEqual([
      logged(post!.id, "create", `Created and published ${title}`, undefined, editor),
      logged(post!.id, "unpublish", `Unpublished ${title}`, { status: { before: "published", after: "draft" } }, editor),
      logged(post!.id, "delete", `Deleted the draft ${title}`, undefined, editor),
    ]);
  });

  it("deletes from the list, logged as the signed-in admin's", async () => {
    const post = await createPost(database.db, zanele, input(), { publish: true });
    const written = await watchActivity(database.db);
    const body = form({ intent: "delete", postId: post.id });
    const answer = await listAction({ request: request("/admin/blog", body), params: {}, context: routerContext(runtime) } as never).catch((thrown: unknown) => thrown);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("location")).toBe("/admin/blog?deleted=1");
    expect(await getPostForAdmin(database.db, post.id)).toBeNull();
    expect(await written()).toEqual([logged(post.id, "delete", `Deleted the published post "${post.title}"`, undefined, editor)]);
  });
});
