import { clsx } from "clsx";
import { useEffect, useRef, type ReactNode } from "react";
import { prefersReducedMotion } from "~/lib/hash-scroll.ts";

type Props = { children: ReactNode; className?: string; delayMs?: number };

/**
 * Fades its content up once, when it first enters the viewport (threshold 0.1, bottom
 * margin -10%). Server-rendered content stays visible: only a hydrated browser that allows
 * motion hides blocks still below the fold, and shows each one as it arrives.
 */
export function Reveal({ children, className, delayMs = 0 }: Props) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || prefersReducedMotion() || typeof IntersectionObserver === "undefined") return;
    const reveal = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        element.dataset.reveal = "shown";
        reveal.disconnect();
      },
      { threshold: 0.1, rootMargin: "0px 0px -10% 0px" },
    );
    // Asked of an observer, not of getBoundingClientRect: measuring each block while hiding the
    // one before would lay the page out again for every block during hydration.
    const onScreen = new IntersectionObserver(([entry]) => {
      onScreen.disconnect();
      // Already on screen: hiding it now would make it flicker.
      if (entry?.isIntersecting) return;
      element.dataset.reveal = "waiting";
      reveal.observe(element);
    });
    onScreen.observe(element);
    return () => {
      onScreen.disconnect();
      reveal.disconnect();
      delete element.dataset.reveal;
    };
  }, []);

  return (
    <div
      ref={ref}
      style={delayMs ? { transitionDelay: `${delayMs}ms` } : undefined}
      className={clsx(
        "transition-[opacity,translate] duration-700 ease-out data-[reveal=waiting]:translate-y-6 data-[reveal=waiting]:opacity-0",
        className,
      )}
    >
      {children}
    </div>
  );
}
