// Numbered pages for a paginated list (the events list and the admin tables): first, last, the current page and its
// neighbours, with a gap marker wherever pages are left out.

export type PaginationItem = { kind: "page"; page: number; current: boolean } | { kind: "gap"; key: string };

/** Pages to show for `current` of `count`, e.g. 1 … 4 5 6 … 10. A gap never hides a single page. */
export function paginationItems(current: number, count: number, neighbours = 1): PaginationItem[] {
  const last = Math.max(1, Math.floor(count));
  const here = Math.min(Math.max(1, Math.floor(current)), last);
  const shown = new Set<number>([1, last]);
  for (let page = here - neighbours; page <= here + neighbours; page++) if (page >= 1 && page <= last) shown.add(page);
  const pages = [...shown].sort((a, b) => a - b);

  const items: PaginationItem[] = [];
  let previous = 0;
  for (const page of pages) {
    if (page - previous === 2) items.push({ kind: "page", page: previous + 1, current: previous + 1 === here });
    else if (page - previous > 2) items.push({ kind: "gap", key: `gap-${previous}` });
    items.push({ kind: "page", page, current: page === here });
    previous = page;
  }
  return items;
}

/**
 * The page a list shows for `requested`: never past the last page (a stale or typed-in page
 * number shows the last page, not "Showing 2499951–29 of 29"), never before the first.
 */
export function pageWithin(total: number, requested: number, pageSize: number): { page: number; pageCount: number; offset: number } {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(requested) || 1), pageCount);
  return { page, pageCount, offset: (page - 1) * pageSize };
}

/** The page asked for in ?page=n: a whole number from 1 to `max`; anything else is the first page. */
export function pageParam(params: URLSearchParams, max: number): number {
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return Number.isInteger(page) && page >= 1 && page <= max ? page : 1;
}
