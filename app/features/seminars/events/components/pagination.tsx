import { clsx } from "clsx";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { EVENTS_RESULTS_ID } from "../filter-form.ts";
import { eventFiltersToSearch, goToEventsPage, type EventFilters } from "../filters.ts";
import { paginationItems } from "~/lib/pagination.ts";

type Props = { filters: EventFilters; page: number; pageCount: number };

const cell = "inline-flex h-11 min-w-11 items-center justify-center rounded-full px-3 text-sm font-semibold transition-colors";

/** Previous, numbered pages and next, as links that keep the filters (no JavaScript needed). */
export function Pagination({ filters, page, pageCount }: Props) {
  if (pageCount <= 1) return null;
  const href = (target: number) => `/events${eventFiltersToSearch(goToEventsPage(filters, target))}#${EVENTS_RESULTS_ID}`;
  const hasPrevious = page > 1;
  const hasNext = page < pageCount;

  return (
    <nav aria-label="Pagination" className="mt-12 flex flex-wrap items-center justify-center gap-2">
      {hasPrevious ? (
        <Link to={href(page - 1)} rel="prev" className={clsx(cell, "gap-1 text-ink-900 hover:bg-ink-50")}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous
        </Link>
      ) : (
        <span aria-disabled="true" className={clsx(cell, "gap-1 text-ink-500")}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous
        </span>
      )}
      <ol className="flex flex-wrap items-center gap-1">
        {paginationItems(page, pageCount).map((item) =>
          item.kind === "gap" ? (
            <li key={item.key} aria-hidden="true" className="px-1 text-ink-600">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Link
                to={href(item.page)}
                aria-current={item.current ? "page" : undefined}
                aria-label={`Page ${item.page}`}
                className={clsx(cell, item.current ? "bg-ink-900 text-white" : "text-ink-900 hover:bg-ink-50")}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
      </ol>
      {hasNext ? (
        <Link to={href(page + 1)} rel="next" className={clsx(cell, "gap-1 text-ink-900 hover:bg-ink-50")}>
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
  );
}
