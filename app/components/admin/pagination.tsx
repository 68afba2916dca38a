import { useLocation } from "react-router";
import { KeysetPagination, Pagination } from "~/components/ui/pagination.tsx";
import { keysetCountLabel, positionParams, type BoundedTotal, type KeysetNav, type ListPosition } from "~/lib/keyset.ts";
import { searchWith } from "./url-state.ts";

type Props = {
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
  /** What is counted: ["user", "users"]. */
  noun: readonly [one: string, many: string];
};

/** "Showing 26–50 of 73 users" and links to the other pages, keeping search and filters in the URL. */
export function AdminPagination({ page, pageCount, total, pageSize, noun }: Props) {
  const location = useLocation();
  const href = (target: number) => `${location.pathname}${searchWith(location.search, { page: target > 1 ? String(target) : null })}`;
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-ink-700">
      <p aria-live="polite">
        {total === 0 ? `No ${noun[1]}` : `Showing ${first}–${last} of ${total} ${total === 1 ? noun[0] : noun[1]}`}
      </p>
      <Pagination page={page} pageCount={pageCount} href={href} />
    </div>
  );
}

type KeysetProps = {
  /** Rows on this page. */
  shown: number;
  /** How many match, counted up to a bound ("10,000+" above it). */
  total: BoundedTotal;
  nav: KeysetNav;
  noun: readonly [one: string, many: string];
};

/**
 * "Showing 25 of 73 bookings" and First, Newer, Older, Last for a list paged by cursor
 * (docs/decisions/030), keeping search, filters and any open modal in the URL.
 */
export function AdminKeysetPagination({ shown, total, nav, noun }: KeysetProps) {
  const location = useLocation();
  // A numbered page of an older link is dropped: positions are cursors now.
  const href = (position: ListPosition) => `${location.pathname}${searchWith(location.search, { ...positionParams(position), page: null })}`;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-ink-700">
      <p aria-live="polite">{keysetCountLabel(shown, total, noun)}</p>
      <KeysetPagination
        noun={noun[1]}
        hrefs={{
          first: nav.newer ? href({ from: "first" }) : null,
          newer: nav.newer ? href(nav.newer) : null,
          older: nav.older ? href(nav.older) : null,
          last: nav.older ? href({ from: "last" }) : null,
        }}
      />
    </div>
  );
}
