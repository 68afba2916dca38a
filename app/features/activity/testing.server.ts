import { and, asc, count, eq, gt, max } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { activityLog } from "#db/schema/index.ts";
import type { Actor } from "./rules.ts";

// Helpers for other features' database tests of what they write to the log (not shipped:
// nothing in the app imports it). The log is append-only, so tests cannot empty it between
// them: they read what was written after a mark instead.

/** An admin as the log records them, for use cases called directly. */
export const testActor: Actor = { id: "admin-zanele", name: "Zanele Dube", email: "zanele@thula.example" };

/**
 * Marks the log's end now; the function it returns reads every entry written since, oldest
 * first. `const written = await watchActivity(db); …act…; expect(await written()).toEqual([…])`.
 */
export async function watchActivity(db: Db): Promise<() => Promise<Array<typeof activityLog.$inferSelect>>> {
  const [row] = await db.select({ last: max(activityLog.id) }).from(activityLog);
  const since = row?.last ?? 0;
  return () => db.select().from(activityLog).where(gt(activityLog.id, since)).orderBy(asc(activityLog.id));
}

/** The fields of an entry a test checks: who (id, name, e-mail), what, which record, the summary and changes. */
export function entryBy(actor: Actor, entry: { action: string; entityType: string; entityId: string | null; summary: string; changes?: unknown }) {
  return { actorId: actor.id, actorName: actor.name, actorEmail: actor.email, changes: null, ...entry };
}

/** Every entry about one record, oldest first, as stored. */
export function entriesOf(db: Db, entityType: string, entityId: string) {
  return db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.entityType, entityType), eq(activityLog.entityId, entityId)))
    .orderBy(asc(activityLog.id));
}

/** Runs `write` and answers how many entries it added. A write expected to be refused passes `() => expect(…).rejects…`. */
export async function entriesAddedBy(db: Db, write: () => Promise<unknown>): Promise<number> {
  const entries = async () => (await db.select({ n: count() }).from(activityLog))[0]?.n ?? 0;
  const before = await entries();
  await write();
  return (await entries()) - before;
}
