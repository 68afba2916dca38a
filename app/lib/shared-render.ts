// Pages whose render anonymous visitors share (docs/decisions/021-shared-page-renders.md).
// A route opts in with `export const handle = sharedRenderHandle;`. Only a page that reads
// nothing but the URL, the settings, the visitor's tracking choice and the tables whose
// changes the database announces on PUBLIC_PAGES_CHANNEL (seminars, seminar_bookings,
// blog_posts: migration 0005) may: any other table would go stale until the cache's
// time-to-live. The server keeps it only when it was a plain 200 with an ETag and no cookie.

/** The channel the public-page trigger notifies (db/migrations/0005_public_page_changes.sql). */
export const PUBLIC_PAGES_CHANNEL = "public_pages";

export const sharedRenderHandle = { sharedRender: true } as const;

export function isSharedRenderHandle(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { sharedRender?: unknown }).sharedRender === true;
}

/** Set by the page cache for each request it may keep; the render says whether it may. */
export type SharedRender = { shared: boolean };
