import { asc, desc, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import { rowsOf, type Db } from "#db/client.ts";
import { isRecordId } from "./ids.ts";
import { COUNT_BOUND, type BoundedTotal, type KeysetNav, type ListPosition } from "./keyset.ts";

// The SQL of keyset pages (docs/decisions/030), shared by every long list of the portal. A
// list names its order's columns, newest first (e.g. created_at desc, id desc: the order of
// its index); a page is the rows past a cursor in that order, read by one indexed seek,
// however deep into the list it is. The last page is read from the other end of the index
// (ascending) and turned round.

/** One column of a list's order, all descending; the last one must be unique (the id). */
export type KeysetKey = { column: AnyPgColumn; type: "timestamp" | "uuid" | "bigint" };

/** What one read of a page adds to the list's own query. Select `cursor` as a column named "cursor". */
export type KeysetSlice = { where: SQL | undefined; orderBy: SQL[]; limit: number; cursor: SQL<string> };

export type KeysetPage<Row> = { rows: Row[]; nav: KeysetNav };

// An instant as text to the microsecond, in UTC: a JavaScript Date keeps milliseconds only, and
// a cursor rounded to them would skip or repeat rows a microsecond apart (docs/decisions/029).
const INSTANT_FORMAT = `YYYY-MM-DD"T"HH24:MI:SS.US"Z"`;
const instantText = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;

/** Each key's text in a cursor, checked before it reaches PostgreSQL's parsers (a failed cast would fail the page). */
const keyText: Record<KeysetKey["type"], z.ZodType<string>> = {
  timestamp: z.string().refine((text) => {
    // One check, not a regex then a refine: zod runs a refine even after its regex failed.
    const parts = instantText.exec(text)?.slice(1).map(Number);
    if (!parts) return false;
    // A real calendar instant: "2026-02-30" or hour 25 would make PostgreSQL refuse the cast.
    const [year, month, day, hour, minute, second] = parts as [number, number, number, number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
    return year >= 1900 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && date.getUTCHours() === hour && date.getUTCMinutes() === minute && date.getUTCSeconds() === second;
  }),
  uuid: z.string().refine(isRecordId),
  bigint: z.string().regex(/^\d{1,18}$/),
};

const castTo: Record<KeysetKey["type"], SQL> = { timestamp: sql`timestamptz`, uuid: sql`uuid`, bigint: sql`bigint` };

const SEPARATOR = "~";

function keyAsText(key: KeysetKey): SQL {
  return key.type === "timestamp" ? sql`to_char(${key.column} at time zone 'UTC', ${sql.raw(`'${INSTANT_FORMAT}'`)})` : sql`${key.column}::text`;
}

/** The row's cursor as the database writes it: each key as text, joined (decoded by `cursorValues`). */
function cursorOf(keys: readonly KeysetKey[]): SQL<string> {
  return sql<string>`${sql.join(keys.map(keyAsText), sql` || '${sql.raw(SEPARATOR)}' || `)}`;
}

/** The opaque form the URL carries. */
export function encodeCursor(text: string): string {
  return Buffer.from(text, "utf8").toString("base64url");
}

/** The key values a cursor holds, each checked against its key's type; undefined for anything else (a bad cursor shows the first page). */
export function cursorValues(keys: readonly KeysetKey[], cursor: string): string[] | undefined {
  const parts = Buffer.from(cursor, "base64url").toString("utf8").split(SEPARATOR);
  if (parts.length !== keys.length) return undefined;
  const checked = keys.map((key, index) => keyText[key.type].safeParse(parts[index]));
  return checked.every((result) => result.success) ? checked.map((result) => result.data!) : undefined;
}

/** (k1, k2) < (v1, v2): past the cursor in the list's (descending) order; `>` for the rows before it. */
function beyond(keys: readonly KeysetKey[], values: readonly string[], direction: "<" | ">"): SQL {
  const columns = sql.join(
    keys.map((key) => sql`${key.column}`),
    sql`, `,
  );
  const bounds = sql.join(
    keys.map((key, index) => sql`${values[index]}::${castTo[key.type]}`),
    sql`, `,
  );
  return sql`(${columns}) ${sql.raw(direction)} (${bounds})`;
}

/** What a position reads: a bad cursor is read as the first page. Before a cursor and the last page read the order backward. */
type Read = { slice: KeysetSlice; from: ListPosition["from"]; reversed: boolean };

/** The read behind a position: its condition, its order and one row more than a page, to know whether there is more. */
function readFor(keys: readonly KeysetKey[], position: ListPosition, pageSize: number): Read {
  const cursor = cursorOf(keys);
  const limit = pageSize + 1;
  const newestFirst = keys.map((key) => desc(key.column));
  const oldestFirst = keys.map((key) => asc(key.column));
  const values = position.from === "after" || position.from === "before" ? cursorValues(keys, position.cursor) : undefined;
  if (position.from === "after" && values) return { slice: { where: beyond(keys, values, "<"), orderBy: newestFirst, limit, cursor }, from: "after", reversed: false };
  if (position.from === "before" && values) return { slice: { where: beyond(keys, values, ">"), orderBy: oldestFirst, limit, cursor }, from: "before", reversed: true };
  if (position.from === "last") return { slice: { where: undefined, orderBy: oldestFirst, limit, cursor }, from: "last", reversed: true };
  return { slice: { where: undefined, orderBy: newestFirst, limit, cursor }, from: "first", reversed: false };
}

/** The slice `read` is given for `position` (for a test to explain the query a page runs). */
export function keysetSlice(keys: readonly KeysetKey[], position: ListPosition, pageSize: number): KeysetSlice {
  return readFor(keys, position, pageSize).slice;
}

/**
 * One page of a newest-first list at `position`. `read` runs the list's query with the slice's
 * condition added, its order, its limit, and its cursor selected as "cursor". A bad cursor
 * reads the first page; a page of newer rows that comes up short is the first page (read
 * whole); a page past the oldest row is the last page.
 */
export async function readKeysetPage<Row extends { cursor: string }>(
  keys: readonly KeysetKey[],
  position: ListPosition,
  pageSize: number,
  read: (slice: KeysetSlice) => Promise<Row[]>,
): Promise<KeysetPage<Row>> {
  const plan = readFor(keys, position, pageSize);
  const fetched = await read(plan.slice);
  const more = fetched.length > pageSize;
  const rows = fetched.slice(0, pageSize);
  if (plan.reversed) rows.reverse();
  const { from } = plan;
  if (from === "before" && rows.length < pageSize) return readKeysetPage(keys, { from: "first" }, pageSize, read);
  if (from === "after" && rows.length === 0) return readKeysetPage(keys, { from: "last" }, pageSize, read);

  const newest = rows[0];
  const oldest = rows.at(-1);
  // Reading forward, "more" is about older rows and a cursor means newer ones exist; reading backward, the other way round.
  const newer = from === "first" ? false : from === "after" ? true : more;
  const older = from === "last" ? false : from === "before" ? true : more;
  return {
    rows,
    nav: {
      newer: newer && newest ? { from: "before", cursor: encodeCursor(newest.cursor) } : null,
      older: older && oldest ? { from: "after", cursor: encodeCursor(oldest.cursor) } : null,
    },
  };
}

/**
 * A newest-first list read whole, `batchSize` rows at a time (an export): each batch is one
 * indexed seek past the previous batch's last row, however deep into the list it is. `read` is
 * what readKeysetPage is given.
 */
export async function* keysetBatches<Row extends { cursor: string }>(
  keys: readonly KeysetKey[],
  batchSize: number,
  read: (slice: KeysetSlice) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  let position: ListPosition = { from: "first" };
  for (;;) {
    const fetched = await read(readFor(keys, position, batchSize).slice);
    const batch = fetched.slice(0, batchSize);
    if (batch.length > 0) yield batch;
    if (fetched.length <= batchSize) return;
    position = { from: "after", cursor: encodeCursor(batch.at(-1)!.cursor) };
  }
}

/** The row without its cursor column. */
export function withoutCursor<Row extends { cursor: string }>(row: Row): Omit<Row, "cursor"> {
  const { cursor: _cursor, ...rest } = row;
  return rest;
}

type LimitableQuery = { limit(limit: number): SQLWrapper };

/** The statement countUpTo runs (a test explains it). */
export function boundedCountStatement(matching: LimitableQuery, bound: number): SQL {
  return sql`select count(*)::int as n from (${matching.limit(bound + 1)}) as matching`;
}

/**
 * How many rows a list's query matches, counting no further than `bound` + 1 rows:
 * `select count(*) from (select 1 … limit bound + 1)`, so a list of years of data is never
 * counted whole on a view. `matching` is the list's query (joins and conditions) selecting a
 * constant, unordered; "10,000+" is shown above the bound.
 */
export async function countUpTo(db: Db, matching: LimitableQuery, bound = COUNT_BOUND): Promise<BoundedTotal> {
  const [row] = rowsOf<{ n: number }>(await db.execute(boundedCountStatement(matching, bound)));
  const counted = Number(row?.n ?? 0);
  return counted > bound ? { count: bound, capped: true } : { count: counted, capped: false };
}
