import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";
import { track } from "~/lib/analytics.ts";
import {
  isNewPage,
  pendingHash,
  planRouteScroll,
  preferredScrollBehavior,
  scrollToId,
  type ScrollLocation,
} from "~/lib/hash-scroll.ts";

/**
 * After every location change: records a page view for a new page, then scrolls to the
 * pending or URL hash, or smoothly to the top of a new page (docs/product.md §2.2).
 * Smooth only when the visitor has not asked for reduced motion.
 */
export function RouteScroll() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef<ScrollLocation | null>(null);

  useEffect(() => {
    const current: ScrollLocation = { pathname: location.pathname, search: location.search, hash: location.hash };
    const before = previous.current;
    previous.current = current;
    if (isNewPage(before, current)) track({ name: "page_view", path: `${current.pathname}${current.search}` });

    const plan = planRouteScroll({ previous: before, current, navigationType, pendingId: pendingHash.take() });
    if (plan.kind === "top") {
      window.scrollTo({ top: 0, left: 0, behavior: preferredScrollBehavior() });
    } else if (plan.kind === "hash") {
      const timer = window.setTimeout(() => scrollToId(plan.id), plan.delayMs);
      return () => window.clearTimeout(timer);
    }
  }, [location.key, location.pathname, location.search, location.hash, navigationType]);

  return null;
}
