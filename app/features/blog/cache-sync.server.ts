import type { Database } from "#db/client.ts";
import { startListening } from "#db/listener.ts";
import type { Settings } from "~/lib/env.server.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import { invalidateBlogCache } from "./cache.server.ts";

// Blog edits reach every server instance within a second (docs/decisions/020-several-instances.md).
// The database announces every change to blog_posts on this channel when its transaction
// commits (a statement trigger, migration 0004), whoever made it; each PostgreSQL instance
// listens and drops its blog cache. The embedded database has one process, whose admin
// writes drop its cache themselves (admin.server.ts), so it listens to nothing.

/** The channel the blog_posts trigger notifies (db/migrations/0004_uploaded_images.sql). */
export const BLOG_CHANGES_CHANNEL = "blog_changes";

export type BlogCacheSync = {
  /** Settles once the first try to listen is over (it keeps trying after a failure). */
  ready: Promise<void>;
  close(): Promise<void>;
};

/** Started by the server (never at import), closed on shutdown. */
export function startBlogCacheSync(
  runtime: { database: Database; settings: Pick<Settings, "databaseUrl"> },
  options: { applicationName?: string; retryDelayMs?: { first: number; max: number } } = {},
): BlogCacheSync {
  const url = runtime.settings.databaseUrl;
  if (runtime.database.kind !== "postgres" || !url) return { ready: Promise.resolve(), close: async () => {} };
  return startListening({
    url,
    channel: BLOG_CHANGES_CHANNEL,
    applicationName: options.applicationName ?? "ukrelocate blog cache",
    retryDelayMs: options.retryDelayMs,
    onNotification: invalidateBlogCache,
    // Changes made while it was not listening were never announced to it.
    onListening: invalidateBlogCache,
    onDropped: (error, retryInMs) => log.warn("The blog cache lost its change notices; listening again soon", { ...errorFields(error), retryInMs }),
  });
}
