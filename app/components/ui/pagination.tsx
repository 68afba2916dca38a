import { clsx } from "clsx";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { paginationItems } from "~/lib/pagination.ts";

type Props = {
  page: number;
  pageCount: number;
  /** The link to another page, keeping whatever the list's URL holds (search, filters). */
  href: (page: number) => string;
  /** md: the admin tables' compact cells; lg: round 44px targets for the public pages. */
  size?: "md" | "lg";
  className?: string;
};

const sizes = {
  md: {
    nav: "gap-1",
    list: "gap-1",
    gap: "px-1",
    cell: "h-9 min-w-9 rounded-lg px-2.5",
    link: "hover:bg-ink-100",
  },
  lg: {
    nav: "flex-wrap gap-2",
    list: "flex-wrap gap-1",
    gap: "px-1 text-ink-600",
    cell: "h-11 min-w-11 rounded-full px-3 transition-colors",
    link: "hover:bg-ink-50",
  },
} as const;

/**
 * Previous, the numbered pages (1 … 4 5 6 … 10) and Next, as plain links (no JavaScript
 * needed); nothing when everything fits on one page.
 */
export function Pagination({ page, pageCount, href, size = "md", className }: Props) {
  if (pageCount <= 1) return null;
  const look = sizes[size];
  const cell = clsx("inline-flex items-center justify-center text-sm font-semibold", look.cell);
  return (
    <nav aria-label="Pagination" className={clsx("flex items-center", look.nav, className)}>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={clsx(cell, "gap-1 text-ink-900", look.link)}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous
        </Link>
      ) : (
        <span aria-disabled="true" className={clsx(cell, "gap-1 text-ink-500")}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous
        </span>
      )}
      <ol className={clsx("flex items-center", look.list)}>
        {paginationItems(page, pageCount).map((item) =>
          item.kind === "gap" ? (
            <li key={item.key} aria-hidden="true" className={look.gap}>
              …
            </li>
          ) : (
            <li key={item.page}>
              <Link
                to={href(item.page)}
                aria-label={`Page ${item.page}`}
                aria-current={item.current ? "page" : undefined}
                className={clsx(cell, item.current ? "bg-ink-900 text-white" : ["text-ink-900", look.link])}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className={clsx(cell, "gap-1 text-ink-900", look.link)}>
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
