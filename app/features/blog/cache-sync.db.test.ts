import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, rowsOf, type Database } from "#db/client.ts";
import { blogPosts } from "#db/schema/index.ts";
import { testEngine, useTestDatabase } from "../../../tests/support/test-database.ts";
import { testActor } from "~/features/activity/testing.server.ts";
import { loadSettings } from "~/lib/env.server.ts";
import { getPostForAdmin, updatePost } from "./admin.server.ts";
import { cachedBlogSource } from "./cache.server.ts";
import { startBlogCacheSync, type BlogCacheSync } from "./cache-sync.server.ts";
import { createStoreSource } from "./store.server.ts";
import { insertDataset } from "./testing/store.ts";

// Blog reads are cached per process for 60 s; a change to the posts must reach every server
// instance within a second (docs/decisions/020-several-instances.md). On PostgreSQL the
// database announces every change (NOTIFY, on commit) and each instance listens on a
// connection of its own; the embedded database has one process, whose own edits clear it.

const database = useTestDatabase(blogPosts);
const TTL_MS = 60_000;

/** Polls every 50 ms, up to `withinMs`, until `check` is true; answers how long it took, or undefined. */
async function within(withinMs: number, check: () => Promise<boolean>): Promise<number | undefined> {
  const start = Date.now();
  for (;;) {
    if (await check()) return Date.now() - start;
    if (Date.now() - start > withinMs) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function listeners(db: Database["db"], applicationName: string): Promise<Array<{ pid: number }>> {
  return rowsOf<{ pid: number }>(await db.execute(sql`select pid from pg_stat_activity where application_name = ${applicationName}`));
}

if (testEngine === "postgres") {
  describe("blog cache sync on PostgreSQL", () => {
    /** This test's name for the listening connection, so its backend can be found (and cut). */
    let applicationName: string;
    /** The instance under test: its own connections, its own cache sync. */
    let instance: Database;
    let sync: BlogCacheSync | undefined;

    beforeEach(async () => {
      applicationName = `ukr-test-listener-${randomBytes(4).toString("hex")}`;
      instance = await openDatabase({ kind: "postgres", url: database.url!, poolSize: 2 });
    });
    afterEach(async () => {
      await sync?.close();
      sync = undefined;
      await instance.close();
    });

    function start(retryDelayMs = { first: 50, max: 400 }) {
      sync = startBlogCacheSync({ database: instance, settings: loadSettings({ DATABASE_URL: database.url }) }, { applicationName, retryDelayMs });
      return sync;
    }

    /** Changes a post's title on another connection, as another instance (or an operator's SQL) would. */
    async function retitleElsewhere(id: string, title: string) {
      await database.db.update(blogPosts).set({ title }).where(eq(blogPosts.id, id));
    }

    it("a change committed by another instance clears this instance's cache within a second", async () => {
      const { ids } = await insertDataset(database.db);
      await start().ready;
      const source = cachedBlogSource(createStoreSource(instance.db), TTL_MS);
      const before = (await source.getPost(ids.cv))!.title;

      await retitleElsewhere(ids.cv, "Writing a UK CV, retitled elsewhere");
      const tookMs = await within(1000, async () => (await source.getPost(ids.cv))?.title === "Writing a UK CV, retitled elsewhere");
      expect(tookMs, `the cached "${before}" was replaced within 1 s`).toBeDefined();
    });

    it("listens again after its connection is cut, and clears the cache then: what changed meanwhile was never announced to it", async () => {
      const { ids } = await insertDataset(database.db);
      // A first retry late enough for a change to land while it is away.
      await start({ first: 500, max: 500 }).ready;
      const [first] = await listeners(database.db, applicationName);
      expect(first, "a connection of its own, named for this instance").toBeDefined();
      const source = cachedBlogSource(createStoreSource(instance.db), TTL_MS);
      await source.getPost(ids.visa);

      await database.db.execute(sql`select pg_terminate_backend(${first!.pid})`);
      expect(await within(2000, async () => !(await listeners(database.db, applicationName)).some((row) => row.pid === first!.pid))).toBeDefined();
      await retitleElsewhere(ids.visa, "Right to work, retitled while it was away");
      const back = await within(3000, async () => (await source.getPost(ids.visa))?.title === "Right to work, retitled while it was away");
      expect(back, "the change made while it was away shows once it listens again").toBeDefined();
      expect(await listeners(database.db, applicationName)).toHaveLength(1);

      await retitleElsewhere(ids.visa, "Right to work, retitled after it came back");
      expect(await within(1000, async () => (await source.getPost(ids.visa))?.title === "Right to work, retitled after it came back")).toBeDefined();
    });

    it("closes its connection and any pending reconnection on close", async () => {
      await start().ready;
      const [first] = await listeners(database.db, applicationName);
      await database.db.execute(sql`select pg_terminate_backend(${first!.pid})`);
      // Closed while it waits to reconnect: it must not come back.
      await sync!.close();
      expect(await within(2000, async () => (await listeners(database.db, applicationName)).length === 0)).toBeDefined();

      const again = start();
      await again.ready;
      expect(await listeners(database.db, applicationName)).toHaveLength(1);
      await again.close();
      expect(await within(2000, async () => (await listeners(database.db, applicationName)).length === 0)).toBeDefined();
    });
  });
} else {
  describe("blog cache sync on the embedded database", () => {
    it("opens nothing: the one process's own edit clears its cache at once", async () => {
      const { ids } = await insertDataset(database.db);
      const sync = startBlogCacheSync({ database, settings: loadSettings({}) });
      await sync.ready;
      const source = cachedBlogSource(createStoreSource(database.db), TTL_MS);
      await source.getPost(ids.cv);
      const post = (await getPostForAdmin(database.db, ids.cv))!;
      await updatePost(database.db, testActor, post, { ...post, title: "Writing a UK CV, edited here", heroImageAlt: post.heroImageAlt });
      expect((await source.getPost(ids.cv))?.title).toBe("Writing a UK CV, edited here");
      await sync.close();
    });
  });
}
