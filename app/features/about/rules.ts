/** The intro videos in the 'Watch Video' modal (docs/product.md §2.4, §11.8). */
export const INTRO_VIDEO_VOLUME = 0.5;
export const INTRO_VIDEO_AUTOPLAY_DELAY_MS = 100;

/**
 * Opens a closed card or closes an open one, leaving every other card as it was: the
 * 'what makes us different' cards toggle independently (docs/product.md §2.4).
 */
export function toggleCard(open: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(open);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
