import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { blogPosts } from "#db/schema/index.ts";
import { formatAdminDate, formatAdminTime } from "~/components/admin/dates.ts";
import { entriesAddedBy, entriesOf, testActor as zanele } from "~/features/activity/testing.server.ts";
import { useTestRuntime } from "~/features/admin-auth/testing.server.ts";
import { StaleEditError } from "~/lib/errors.ts";
import { testEngine } from "../../../tests/support/test-database.ts";
import { handleEditorAction, type EditorActionResult } from "./admin-actions.server.ts";
import { createPost, recordHeroImageUpload, setPostStatus, updatePost } from "./admin.server.ts";
import type { BlogPostInput } from "./schema.ts";

// No lost updates in the blog editor (issue 14, docs/decisions/014-no-lost-updates.md): save,
// publish and unpublish are made only over the version the editor opened. One based on an
// older version is refused, naming who changed the post and when, and writes and logs nothing.

const { database, runtime } = useTestRuntime(blogPosts);
const nomsa = { id: "admin-nomsa", name: "Nomsa Khumalo", email: "nomsa@thula.example" };

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

const postRow = async (id: string) => (await database.db.select().from(blogPosts).where(eq(blogPosts.id, id)))[0]!;

/** The refusal as the admin reads it, naming the change `name` made at `at`. */
function refusalNaming(name: string, at: Date) {
  return `${name} changed this post at ${formatAdminTime(at)} on ${formatAdminDate(at)}, after you opened it, so your changes were not saved. What you typed is still below: copy what you need, then reload the page to see the current version.`;
}

/** The editor's three ways to save, each from an editor opened on `version`. */
const saves = {
  save: (id: string, version: number) => updatePost(database.db, zanele, { id, version }, input({ intro: "Zanele's new intro for the bank account guide." })),
  publish: (id: string, version: number) => updatePost(database.db, zanele, { id, version }, input(), { status: "published" }),
  unpublish: (id: string, version: number) => setPostStatus(database.db, zanele, { id, version }, "draft"),
} as const;

describe(`saving a post someone else changed since (${testEngine})`, () => {
  it.each(Object.keys(saves) as Array<keyof typeof saves>)("refuses '%s' from an editor opened before another admin's save, naming them, writing and logging nothing", async (name) => {
    const post = await createPost(database.db, zanele, input(), { publish: name === "unpublish" });
    const saved = await updatePost(database.db, nomsa, post, input({ title: "Banking in the UK: your first account" }));
    const nomsasSave = (await entriesOf(database.db, "blog_post", post.id)).at(-1)!;
    // An image uploaded for the post does not change it: the refusal still names Nomsa's save.
    await recordHeroImageUpload(database.db, zanele, { postId: post.id, title: saved.title, path: "/uploads/blog/0f9c7c2e-5b1a-4c55-9a52-3e1d2f6a7b80-1600.webp" });
    const before = await postRow(post.id);
    expect(before.version).toBe(2);

    let refusal: unknown;
    const added = await entriesAddedBy(database.db, async () => {
      refusal = await saves[name](post.id, 1).catch((error: unknown) => error);
    });
    expect(refusal).toBeInstanceOf(StaleEditError);
    expect((refusal as Error).message).toBe(refusalNaming("Nomsa Khumalo", nomsasSave.at));
    expect(added).toBe(0);
    expect(await postRow(post.id)).toEqual(before);
  });

  it("makes each save one new version, publishing included, so the editor saves again once it carries it", async () => {
    const post = await createPost(database.db, zanele, input());
    const published = await updatePost(database.db, zanele, post, input(), { status: "published" });
    expect(published).toMatchObject({ status: "published", version: 2 });
    const unpublished = await setPostStatus(database.db, zanele, published, "draft");
    expect(unpublished).toMatchObject({ status: "draft", version: 3 });
    expect(await updatePost(database.db, zanele, unpublished, input({ tag: "Banking" }))).toMatchObject({ tag: "Banking", version: 4 });
  });

  it("refuses a save that does not say which version it was opened on, writing and logging nothing", async () => {
    const post = await createPost(database.db, zanele, input());
    const added = await entriesAddedBy(database.db, () =>
      expect(updatePost(database.db, zanele, { id: post.id, version: undefined }, input({ tag: "Banking" }))).rejects.toThrow(
        "Your changes were not saved: the form did not say which version of this post you opened",
      ),
    );
    expect(added).toBe(0);
    expect(await postRow(post.id)).toMatchObject({ tag: "Money", version: 1 });
  });

  it("answers a stale save from the editor 409, marked stale, with everything typed and the version it was typed on", async () => {
    const post = await createPost(database.db, zanele, input());
    await updatePost(database.db, nomsa, post, input({ tag: "Banking" }));
    const typed = { intent: "publish", version: "1", title: post.title, intro: "An intro Zanele rewrote while Nomsa saved.", body: "Zanele's body.", tag: "Money" };
    const request = new Request(`https://admin.thula.example/admin/blog/${post.id}`, { method: "POST", body: new URLSearchParams(typed) });
    const answer = (await handleEditorAction(runtime, zanele, request, post.id)) as unknown as { data: EditorActionResult; init: { status?: number } | null };
    expect(answer.init?.status).toBe(409);
    expect(answer.data).toMatchObject({ ok: false, stale: true, intent: "publish", version: "1", values: { intro: typed.intro, body: typed.body, tag: "Money" } });
    expect(answer.data.message).toMatch(/^Nomsa Khumalo changed this post at /);
    expect(await postRow(post.id)).toMatchObject({ status: "draft", tag: "Banking", version: 2 });
  });
});
