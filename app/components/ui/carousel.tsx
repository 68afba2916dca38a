import { clsx } from "clsx";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useRef, useState, type KeyboardEvent, type ReactNode, type TouchEvent } from "react";
import { nextIndex, previousIndex, swipeDirection, SWIPE_THRESHOLD_PX, wrapIndex } from "./carousel-rules.ts";

export type CarouselState = {
  index: number;
  count: number;
  next(): void;
  previous(): void;
  goTo(index: number): void;
  /** Spread on the slide area: a 50px swipe left shows the next slide, right the previous. */
  swipeHandlers: {
    onTouchStart(event: TouchEvent): void;
    onTouchEnd(event: TouchEvent): void;
    onTouchCancel(): void;
  };
  /** ArrowLeft / ArrowRight while focus is inside the carousel. */
  onKeyDown(event: KeyboardEvent): void;
};

/** Index, wrap-around, dots, swipe and arrow keys for a carousel of `count` slides. It never auto-advances. */
export function useCarousel(count: number): CarouselState {
  const [rawIndex, setIndex] = useState(0);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const index = wrapIndex(rawIndex, count);

  const next = useCallback(() => setIndex((current) => nextIndex(wrapIndex(current, count), count)), [count]);
  const previous = useCallback(() => setIndex((current) => previousIndex(wrapIndex(current, count), count)), [count]);
  const goTo = useCallback((target: number) => setIndex(wrapIndex(target, count)), [count]);

  const swipeHandlers = {
    onTouchStart(event: TouchEvent) {
      const touch = event.touches[0];
      touchStart.current = touch && event.touches.length === 1 ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd(event: TouchEvent) {
      const start = touchStart.current;
      touchStart.current = null;
      const touch = event.changedTouches[0];
      if (!start || !touch) return;
      const direction = swipeDirection(touch.clientX - start.x, SWIPE_THRESHOLD_PX, touch.clientY - start.y);
      if (direction === "next") next();
      if (direction === "previous") previous();
    },
    onTouchCancel() {
      touchStart.current = null;
    },
  };

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "ArrowRight") {
      event.preventDefault();
      next();
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      previous();
    }
  }

  return { index, count, next, previous, goTo, swipeHandlers, onKeyDown };
}

type ControlsProps = {
  carousel: CarouselState;
  /** id of the element holding the slides. */
  controls: string;
  /** Noun for one slide in the button names: "story" → "Show story 1", "Next story". */
  itemName: string;
  tone?: "light" | "dark";
  className?: string;
};

/** Previous / next buttons and one dot per slide (the current dot has aria-current). */
export function CarouselControls({ carousel, controls, itemName, tone = "light", className }: ControlsProps) {
  const dark = tone === "dark";
  const arrow = clsx(
    "inline-flex size-11 items-center justify-center rounded-full border transition-colors",
    dark ? "border-white/40 text-white hover:bg-white hover:text-ink-950" : "border-ink-200 bg-white text-ink-900 hover:bg-ink-900 hover:text-white",
  );
  if (carousel.count < 2) return null;
  return (
    <div className={clsx("flex items-center justify-center gap-3", className)}>
      <button type="button" className={arrow} aria-controls={controls} aria-label={`Previous ${itemName}`} onClick={carousel.previous}>
        <ChevronLeft aria-hidden="true" className="size-5" />
      </button>
      <ul className="flex items-center" aria-label={`Choose a ${itemName}`}>
        {Array.from({ length: carousel.count }, (_, dot) => {
          const current = dot === carousel.index;
          return (
            <li key={dot}>
              <button
                type="button"
                className="group inline-flex size-8 items-center justify-center rounded-full"
                aria-controls={controls}
                aria-label={`Show ${itemName} ${dot + 1}`}
                aria-current={current ? "true" : undefined}
                onClick={() => carousel.goTo(dot)}
              >
                <span
                  aria-hidden="true"
                  className={clsx(
                    "block h-2.5 rounded-full transition-all",
                    current ? "w-7 bg-sun-500" : clsx("w-2.5", dark ? "bg-white/50 group-hover:bg-white" : "bg-ink-300 group-hover:bg-ink-600"),
                  )}
                />
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" className={arrow} aria-controls={controls} aria-label={`Next ${itemName}`} onClick={carousel.next}>
        <ChevronRight aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}

type ViewportProps = {
  carousel: CarouselState;
  id: string;
  itemName: string;
  /** One short label per slide, announced politely when the slide changes. */
  slideLabels: readonly string[];
  children: readonly ReactNode[];
  className?: string;
};

/**
 * The sliding track. Off-screen slides are inert (no focus, hidden from assistive
 * technology); a polite live region names the slide that comes into view.
 */
export function CarouselViewport({ carousel, id, itemName, slideLabels, children, className }: ViewportProps) {
  const label = slideLabels[carousel.index];
  return (
    <div className={clsx("relative", className)}>
      <div id={id} className="touch-pan-y overflow-hidden" {...carousel.swipeHandlers}>
        <div
          className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${carousel.index * 100}%)` }}
        >
          {children.map((child, slide) => (
            <div
              key={slide}
              role="group"
              aria-roledescription="slide"
              aria-label={`${slide + 1} of ${carousel.count}`}
              data-active={slide === carousel.index ? "true" : undefined}
              inert={slide !== carousel.index}
              className="w-full shrink-0"
            >
              {child}
            </div>
          ))}
        </div>
      </div>
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {carousel.count > 1 ? `${itemName.charAt(0).toUpperCase()}${itemName.slice(1)} ${carousel.index + 1} of ${carousel.count}${label ? `: ${label}` : ""}` : ""}
      </p>
    </div>
  );
}
