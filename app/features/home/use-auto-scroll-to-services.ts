import { useEffect } from "react";
import { prefersReducedMotion } from "~/lib/hash-scroll.ts";

/** While the first auto-scroll runs, further scroll events are ignored (docs/product.md §11.8). */
export const AUTO_SCROLL_GUARD_MS = 1000;

/**
 * The first scroll away from the top of / glides on to the services section, once. Not for
 * visitors who asked for reduced motion, not when the URL has a hash (a link chose where to
 * go), and not when the visitor has already scrolled past the services section.
 */
export function useAutoScrollToServices(targetId = "services") {
  useEffect(() => {
    if (prefersReducedMotion() || window.location.hash || window.scrollY > 0) return;
    let fired = false;
    let guardTimer: number | undefined;

    function onScroll() {
      // Ignores the auto-scroll's own scroll events until the guard ends.
      if (fired || window.scrollY <= 0) return;
      fired = true;
      guardTimer = window.setTimeout(() => window.removeEventListener("scroll", onScroll), AUTO_SCROLL_GUARD_MS);
      const target = document.getElementById(targetId);
      if (window.location.hash || !target) return;
      const targetTop = target.getBoundingClientRect().top + window.scrollY;
      if (window.scrollY >= targetTop - 1) return;
      target.scrollIntoView({ behavior: "smooth", block: "start" });
    }

    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.clearTimeout(guardTimer);
    };
  }, [targetId]);
}
