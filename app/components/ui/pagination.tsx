import { clsx } from "clsx";
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from "lucide-react";
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

type KeysetProps = {
  /** Links to the newest page, the next newer page, the next older page and the oldest page; null where the list ends (that link shows disabled). */
  hrefs: { first: string | null; newer: string | null; older: string | null; last: string | null };
  /** What the list holds, for screen readers: "bookings". */
  noun: string;
  className?: string;
};

/**
 * First, Newer, Older and Last, as plain links (no JavaScript needed), for a list paged by
 * cursor (docs/decisions/030): no page numbers, as no page knows how deep it is. Nothing when
 * everything fits on one page.
 */
export function KeysetPagination({ hrefs, noun, className }: KeysetProps) {
  if (!hrefs.newer && !hrefs.older) return null;
  const look = sizes.md;
  const cell = clsx("inline-flex items-center justify-center text-sm font-semibold", look.cell);
  const links = [
    { key: "first", href: hrefs.first, label: "First", hidden: ` page (newest ${noun})`, rel: undefined, icon: ChevronsLeft, before: true },
    { key: "newer", href: hrefs.newer, label: "Newer", hidden: ` ${noun}`, rel: "prev", icon: ChevronLeft, before: true },
    { key: "older", href: hrefs.older, label: "Older", hidden: ` ${noun}`, rel: "next", icon: ChevronRight, before: false },
    { key: "last", href: hrefs.last, label: "Last", hidden: ` page (oldest ${noun})`, rel: undefined, icon: ChevronsRight, before: false },
  ] as const;
  return (
    <nav aria-label="Pagination" className={clsx("flex items-center", look.nav, className)}>
      <ul className={clsx("flex items-center", look.list)}>
        {links.map(({ key, href, label, hidden, rel, icon: Icon, before }) => {
          const content = (
            <>
              {before ? <Icon aria-hidden="true" className="size-4" /> : null}
              {label}
              <span className="sr-only">{hidden}</span>
              {before ? null : <Icon aria-hidden="true" className="size-4" />}
            </>
          );
          return (
            <li key={key}>
              {href ? (
                <Link to={href} rel={rel} className={clsx(cell, "gap-1 text-ink-900", look.link)}>
                  {content}
                </Link>
              ) : (
                <span aria-disabled="true" className={clsx(cell, "gap-1 text-ink-500")}>
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
