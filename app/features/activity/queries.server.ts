import { and, desc, eq, getTableColumns, ilike, isNotNull, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { activityLog } from "#db/schema/index.ts";
import { countUpTo, readKeysetPage, withoutCursor, type KeysetKey, type KeysetPage } from "~/lib/keyset.server.ts";
import type { BoundedTotal } from "~/lib/keyset.ts";
import { containsPattern } from "~/lib/search-text.ts";
import type { ActivityQuery } from "./rules.ts";

// The only code that touches activity_log. It only ever inserts and reads: the database
// refuses anything else.

export type ActivityRow = typeof activityLog.$inferSelect;
export type NewActivity = typeof activityLog.$inferInsert;

export async function insertActivity(db: Db, entry: NewActivity): Promise<void> {
  await db.insert(activityLog).values(entry);
}

function filtered(query: Omit<ActivityQuery, "position">): SQL | undefined {
  const search = query.q ? or(ilike(activityLog.summary, containsPattern(query.q)), ilike(activityLog.actorName, containsPattern(query.q))) : undefined;
  return and(
    query.entityType ? eq(activityLog.entityType, query.entityType) : undefined,
    query.entityId ? eq(activityLog.entityId, query.entityId) : undefined,
    query.actorId ? eq(activityLog.actorId, query.actorId) : undefined,
    search,
  );
}

/** How many entries match, counted up to COUNT_BOUND. */
export async function countActivity(db: Db, query: Omit<ActivityQuery, "position">): Promise<BoundedTotal> {
  return countUpTo(db, db.select({ one: sql`1` }).from(activityLog).where(filtered(query)));
}

/** The log's order, newest first: its id grows with every entry (the primary key's index, or the filters' (…, id desc) ones). */
const activityKeys: KeysetKey[] = [{ column: activityLog.id, type: "bigint" }];

/** One page at the query's position, newest first (docs/decisions/030). */
export async function findActivity(db: Db, query: ActivityQuery, pageSize: number): Promise<KeysetPage<ActivityRow>> {
  const page = await readKeysetPage(activityKeys, query.position, pageSize, async (slice) =>
    db
      .select({ ...getTableColumns(activityLog), cursor: slice.cursor })
      .from(activityLog)
      .where(and(filtered(query), slice.where))
      .orderBy(...slice.orderBy)
      .limit(slice.limit),
  );
  return { rows: page.rows.map(withoutCursor), nav: page.nav };
}

/** One record's history, newest first. */
export async function findActivityOf(db: Db, entityType: string, entityId: string, limit: number): Promise<ActivityRow[]> {
  return db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.entityType, entityType), eq(activityLog.entityId, entityId)))
    .orderBy(desc(activityLog.id))
    .limit(limit);
}

/** The newest entry about one record that changed it: entries of the actions in `passOver` (an e-mail queued, an image uploaded) leave the record as it was. */
export async function findLastChangeOf(db: Db, entityType: string, entityId: string, passOver: readonly string[]): Promise<ActivityRow | undefined> {
  const [row] = await db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.entityType, entityType), eq(activityLog.entityId, entityId), passOver.length > 0 ? notInArray(activityLog.action, [...passOver]) : undefined))
    .orderBy(desc(activityLog.id))
    .limit(1);
  return row;
}

/** The admins who appear in the log, for the screen's filter. */
export async function findActivityActors(db: Db): Promise<Array<{ id: string; name: string }>> {
  const rows = await db
    .selectDistinctOn([activityLog.actorId], { id: activityLog.actorId, name: activityLog.actorName })
    .from(activityLog)
    .where(isNotNull(activityLog.actorId))
    .orderBy(activityLog.actorId, desc(activityLog.id));
  return rows.filter((row): row is { id: string; name: string } => row.id !== null).sort((a, b) => a.name.localeCompare(b.name));
}
