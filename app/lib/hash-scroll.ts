// Hash (#anchor) navigation across pages (docs/product.md §2.2, §2.3).
// The pure parts are tested in hash-scroll.test.ts; the DOM helpers at the end are small.

/** Delay before scrolling to a hash on a page that has just rendered (docs/product.md §11.8). */
export const HASH_SCROLL_DELAY_MS = 300;

// The ids this site uses for anchors: a letter, then letters, digits, "-" or "_".
const anchorId = /^[A-Za-z][A-Za-z0-9_-]{0,99}$/;

/** "#how%2Dit" or "how-it" → "how-it"; null for an empty hash or broken percent-encoding. */
function decodeHash(hash: string | null | undefined): string | null {
  if (!hash) return null;
  const raw = hash.startsWith("#") ? hash.slice(1) : hash;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** "#how-it-works" or "how-it-works" → "how-it-works"; null for an empty or unsafe hash. */
export function parseHashId(hash: string | null | undefined): string | null {
  const raw = decodeHash(hash);
  return raw !== null && anchorId.test(raw) ? raw : null;
}

/**
 * The one of `allowedIds` a hash names, in any case: "#Terms" → "terms" (a tab, a policy);
 * undefined for an empty hash or one that names none of them ("#main" from the skip link).
 */
export function idFromHash<Id extends string>(hash: string | null | undefined, allowedIds: readonly Id[]): Id | undefined {
  const id = decodeHash(hash)?.trim().toLowerCase();
  return allowedIds.find((allowed) => allowed === id);
}

export type HashHref = { pathname: string | null; search: string; id: string | null };

/**
 * Splits a site-relative link into its parts: "/services#funding" → pathname "/services",
 * id "funding"; "#services" → pathname null (this page).
 */
export function splitHashHref(href: string): HashHref {
  const hashAt = href.indexOf("#");
  const beforeHash = hashAt === -1 ? href : href.slice(0, hashAt);
  const id = hashAt === -1 ? null : parseHashId(href.slice(hashAt));
  const searchAt = beforeHash.indexOf("?");
  const pathname = searchAt === -1 ? beforeHash : beforeHash.slice(0, searchAt);
  const search = searchAt === -1 ? "" : beforeHash.slice(searchAt);
  return { pathname: pathname === "" ? null : pathname, search, id };
}

/** A hash waiting for the page it belongs to: set by the link, taken by the new page. */
export type PendingHashStore = {
  set(hash: string): void;
  /** Returns the pending id (or null) and clears it, so it is used once. */
  take(): string | null;
  peek(): string | null;
};

export function createPendingHashStore(): PendingHashStore {
  let pending: string | null = null;
  return {
    set(hash) {
      pending = parseHashId(hash);
    },
    take() {
      const id = pending;
      pending = null;
      return id;
    },
    peek() {
      return pending;
    },
  };
}

/** The browser's one store (client navigation keeps module state between pages). */
export const pendingHash = createPendingHashStore();

export type ScrollLocation = { pathname: string; search: string; hash: string };
export type NavigationKind = "POP" | "PUSH" | "REPLACE";

export type ScrollPlan = { kind: "none" } | { kind: "top" } | { kind: "hash"; id: string; delayMs: number };

/**
 * What to do with the scroll position after the location changed:
 * - first render: scroll to the URL's hash (after the page settles), else leave it;
 * - back/forward (POP): leave it to the browser;
 * - a hash (pending or in the URL): scroll to it, after 300 ms on a newly rendered page;
 * - a new page without a hash: back to the top;
 * - the same page without a hash: nothing.
 */
export function planRouteScroll(input: {
  previous: ScrollLocation | null;
  current: ScrollLocation;
  navigationType: NavigationKind;
  pendingId: string | null;
}): ScrollPlan {
  const { previous, current, navigationType } = input;
  const id = input.pendingId ?? parseHashId(current.hash);
  if (!previous) return id ? { kind: "hash", id, delayMs: HASH_SCROLL_DELAY_MS } : { kind: "none" };
  if (navigationType === "POP") return { kind: "none" };
  const pageChanged = isNewPage(previous, current);
  if (id) return { kind: "hash", id, delayMs: pageChanged ? HASH_SCROLL_DELAY_MS : 0 };
  // A new query on the same path (filters, pages, an admin dialog) keeps the reader's place.
  return previous.pathname !== current.pathname ? { kind: "top" } : { kind: "none" };
}

/** A different page, not just another hash on the same one (a page view is recorded). */
export function isNewPage(previous: ScrollLocation | null, current: ScrollLocation): boolean {
  return !previous || previous.pathname !== current.pathname || previous.search !== current.search;
}

/** True when the visitor asked the system for less motion (false on the server). */
export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
}

/** Smooth scrolling unless the visitor asked for reduced motion. */
export function preferredScrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? "auto" : "smooth";
}

/** Scrolls the element with this id into view (the root's scroll-padding clears the navbar). */
export function scrollToId(id: string, behavior: ScrollBehavior = preferredScrollBehavior()): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  target.scrollIntoView({ behavior, block: "start" });
  return true;
}
