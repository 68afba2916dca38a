import { useLocation } from "react-router";
import { Pagination } from "~/components/ui/pagination.tsx";
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
