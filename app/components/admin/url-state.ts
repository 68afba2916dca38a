import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";

// Admin screens keep their state in the URL: search, filters, page and which modal is open
// (?view=<id>, ?edit=<id>, ?new=1 …), so a reload, a link or a form post keeps it.

export type SearchChanges = Record<string, string | readonly string[] | null | undefined>;

/** `search` with some parameters replaced (a list sets repeated values; null or undefined removes). Returns "?…" or "". */
export function searchWith(search: string | URLSearchParams, changes: SearchChanges): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    params.delete(name);
    if (value === null || value === undefined) continue;
    for (const item of typeof value === "string" ? [value] : value) params.append(name, item);
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Links to this page with some parameters changed, keeping the rest. */
export function useSearchHref(): (changes: SearchChanges) => string {
  const location = useLocation();
  return useCallback((changes: SearchChanges) => `${location.pathname}${searchWith(location.search, changes)}`, [location.pathname, location.search]);
}

/**
 * A modal whose open state is one URL parameter (e.g. "view"): `value` is the parameter,
 * `href(value)` opens it, `close()` removes it (replacing the history entry, keeping the
 * scroll position). `closeWith(notice)` closes it and hands a confirmation to the page
 * (read it with useNotice).
 */
export function useUrlModal(param: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const value = new URLSearchParams(location.search).get(param);
  const closedHref = `${location.pathname}${searchWith(location.search, { [param]: null })}`;
  const closeWith = useCallback(
    (notice?: string) => navigate(closedHref, { replace: true, preventScrollReset: true, state: notice ? { notice } : null }),
    [navigate, closedHref],
  );
  return {
    value,
    open: value !== null,
    href: (next: string) => `${location.pathname}${searchWith(location.search, { [param]: next })}`,
    closedHref,
    close: () => void closeWith(),
    closeWith,
  };
}

/** A confirmation handed over by closeWith(notice) (kept in the history entry's state). */
export function useNotice(): string | undefined {
  const { state } = useLocation();
  return state && typeof state === "object" && "notice" in state && typeof state.notice === "string" ? state.notice : undefined;
}
