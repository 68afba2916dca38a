// Pure rules of every carousel on the site (docs/product.md §2.2 Carousels, §11.8 swipe threshold).

/** The smallest horizontal finger travel, in CSS pixels, that counts as a swipe. */
export const SWIPE_THRESHOLD_PX = 50;

export type SwipeDirection = "next" | "previous";

/** Any index (negative or past the end) folded into 0…count-1; 0 for an empty carousel. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0 || !Number.isFinite(index)) return 0;
  const whole = Math.trunc(index);
  return ((whole % count) + count) % count;
}

/** The slide after `index`, wrapping from the last back to the first. */
export function nextIndex(index: number, count: number): number {
  return wrapIndex(index + 1, count);
}

/** The slide before `index`, wrapping from the first round to the last. */
export function previousIndex(index: number, count: number): number {
  return wrapIndex(index - 1, count);
}

/**
 * Which way a finger gesture moves the carousel: swiping left (negative deltaX) shows the
 * next slide, swiping right the previous one. Shorter than `threshold`, or more vertical
 * than horizontal (the visitor is scrolling the page), it moves nothing.
 */
export function swipeDirection(deltaX: number, threshold: number = SWIPE_THRESHOLD_PX, deltaY = 0): SwipeDirection | null {
  if (!Number.isFinite(deltaX) || Math.abs(deltaX) < threshold) return null;
  if (Math.abs(deltaY) > Math.abs(deltaX)) return null;
  return deltaX < 0 ? "next" : "previous";
}
