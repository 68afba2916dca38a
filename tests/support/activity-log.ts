import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { activityLog } from "#db/schema/index.ts";

// Reading the activity log as the database holds it, for tests of the writes that append to
// it. The log is append-only, so tests never empty it: they count what a write added.

/** Every entry about one record, oldest first, as stored. */
export function entriesOf(db: Db, entityType: string, entityId: string) {
  return db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.entityType, entityType), eq(activityLog.entityId, entityId)))
    .orderBy(asc(activityLog.id));
}

/** How many entries the log holds. */
export async function activityCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(activityLog);
  return row?.n ?? 0;
}

/** Runs `write` and answers how many entries it added. A write expected to be refused passes `() => expect(…).rejects…`. */
export async function entriesAddedBy(db: Db, write: () => Promise<unknown>): Promise<number> {
  const before = await activityCount(db);
  await write();
  return (await activityCount(db)) - before;
}
