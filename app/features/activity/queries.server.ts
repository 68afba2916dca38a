import { and, desc, eq, getTableColumns, notInArray, sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db } from "#db/client.ts";
import { activityLog, activitySearchText } from "#db/schema/index.ts";
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
  // One expression with a trigram index (db/schema/search.ts), so a search never reads the whole log.
  const search = query.q ? sql`${activitySearchText(activityLog)} ilike ${containsPattern(query.q)}` : undefined;
  return and(
    query.entityType ? eq(activityLog.entityType, query.entityType) : undefined,
    query.entityId ? eq(activityLog.entityId, query.entityId) : undefined,
    query.actorId ? eq(activityLog.actorId, query.actorId) : undefined,
    search,
  );
}

/** Every entry the query matches, unrun and unordered (what the count reads; activity.db.test.ts checks its plan). */
export function activityMatches(db: Db, query: Omit<ActivityQuery, "position">) {
  return db.select({ one: sql`1` }).from(activityLog).where(filtered(query));
}

/** How many entries match, counted up to COUNT_BOUND. */
export async function countActivity(db: Db, query: Omit<ActivityQuery, "position">): Promise<BoundedTotal> {
  return countUpTo(db, activityMatches(db, query));
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

/**
 * The admins who appear in the log, each by the name of their newest entry, for the screen's
 * filter. The log grows with every change while its actors are a handful, so this hops through
 * activity_log_actor_idx from one actor to the next (a "loose index scan"), reading one index
 * entry per actor instead of every row of the log.
 */
export async function findActivityActors(db: Db): Promise<Array<{ id: string; name: string }>> {
  const rows = rowsOf<{ id: string; name: string }>(
    await db.execute(sql`
      with recursive actors(id) as (
        (select actor_id from activity_log where actor_id is not null order by actor_id limit 1)
        union all
        select (select next.actor_id from activity_log as next where next.actor_id > actors.id order by next.actor_id limit 1)
          from actors where actors.id is not null
      )
      select actors.id,
             (select newest.actor_name from activity_log as newest where newest.actor_id = actors.id order by newest.id desc limit 1) as name
        from actors where actors.id is not null`),
  );
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}
