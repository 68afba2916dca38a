import { clsx } from "clsx";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link, useLocation } from "react-router";
import { searchWith } from "./url-state.ts";
import { paginationItems } from "~/lib/pagination.ts";

type Props = {
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
  /** What is counted: ["user", "users"]. */
  noun: readonly [one: string, many: string];
};

const cell = "inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2.5 text-sm font-semibold";

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
      {pageCount > 1 ? (
        <nav aria-label="Pagination" className="flex items-center gap-1">
          {page > 1 ? (
            <Link to={href(page - 1)} rel="prev" className={clsx(cell, "gap-1 text-ink-900 hover:bg-ink-100")}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              Previous
            </Link>
          ) : (
            <span aria-disabled="true" className={clsx(cell, "gap-1 text-ink-500")}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              Previous
            </span>
          )}
          <ol className="flex items-center gap-1">
            {paginationItems(page, pageCount).map((item) =>
              item.kind === "gap" ? (
                <li key={item.key} aria-hidden="true" className="px-1">
                  …
                </li>
              ) : (
                <li key={item.page}>
                  <Link
                    to={href(item.page)}
                    aria-label={`Page ${item.page}`}
                    aria-current={item.current ? "page" : undefined}
                    className={clsx(cell, item.current ? "bg-ink-900 text-white" : "text-ink-900 hover:bg-ink-100")}
                  >
                    {item.page}
                  </Link>
                </li>
              ),
            )}
          </ol>
          {page < pageCount ? (
            <Link to={href(page + 1)} rel="next" className={clsx(cell, "gap-1 text-ink-900 hover:bg-ink-100")}>
              Next
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          ) : (
            <span aria-disabled="true" className={clsx(cell, "gap-1 text-ink-500")}>
              Next
              <ChevronRight aria-hidden="true" className="size-4" />
            </span>
          )}
        </nav>
      ) : null}
    </div>
  );
}
