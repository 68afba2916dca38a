import { z } from "zod";

// Keyset pages for the portal's long lists (docs/decisions/030): where a page starts is a
// cursor in the URL (the last row seen), never a row number, so every page, the last one
// included, is one indexed seek. Browser-safe: what the URL says and what the pager shows.
// The SQL lives in keyset.server.ts; the cursor stays opaque here.

/** Where a page of a newest-first list starts: the newest rows, after a row (older), before a row (newer), or the oldest rows. */
export type ListPosition = { from: "first" } | { from: "last" } | { from: "after"; cursor: string } | { from: "before"; cursor: string };

/** The URL parameters of a position; every other parameter of the list (search, filters) is left as it is. */
export const POSITION_PARAMS = ["after", "before", "last"] as const;

const FIRST: ListPosition = { from: "first" };

/** A cursor as it may appear in a URL: base64url text of a sane length (its content is checked when it is read, keyset.server.ts). */
const cursorParam = z.string().regex(/^[A-Za-z0-9_-]{1,200}$/);

/** ?after=<cursor>, ?before=<cursor> or ?last=1; anything else (or anything malformed) is the first page. */
export function listPosition(params: URLSearchParams): ListPosition {
  const after = cursorParam.safeParse(params.get("after"));
  if (after.success) return { from: "after", cursor: after.data };
  const before = cursorParam.safeParse(params.get("before"));
  if (before.success) return { from: "before", cursor: before.data };
  if (params.get("last") === "1") return { from: "last" };
  return FIRST;
}

/** The URL parameters that show `position` (null removes one), to merge into the list's current search. */
export function positionParams(position: ListPosition): Record<(typeof POSITION_PARAMS)[number], string | null> {
  return {
    after: position.from === "after" ? position.cursor : null,
    before: position.from === "before" ? position.cursor : null,
    last: position.from === "last" ? "1" : null,
  };
}

/**
 * How the pager links on from the page shown: `newer` and `older` are the positions of the
 * neighbouring pages, null at either end.
 */
export type KeysetNav = { newer: ListPosition | null; older: ListPosition | null };

/** A count that stops at a bound: `capped` when more rows match than `count` (the bound). */
export type BoundedTotal = { count: number; capped: boolean };

/** Counts no higher than this are exact; above it the list says "10,000+". */
export const COUNT_BOUND = 10_000;

const countFormat = new Intl.NumberFormat("en-GB");

/** "Showing 25 of 73 bookings", "Showing 25 of 10,000+ bookings", "No bookings". */
export function keysetCountLabel(shown: number, total: BoundedTotal, noun: readonly [one: string, many: string]): string {
  if (total.count === 0 && shown === 0) return `No ${noun[1]}`;
  const count = Math.max(total.count, shown);
  const word = count === 1 && !total.capped ? noun[0] : noun[1];
  return `Showing ${countFormat.format(shown)} of ${countFormat.format(count)}${total.capped ? "+" : ""} ${word}`;
}
