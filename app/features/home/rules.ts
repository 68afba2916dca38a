/**
 * Where a partner's logo sits in the image of all the logos, one under another
 * (`partnerLogos` in app/content/home.ts): with `object-fit: cover`, a box of one logo's shape
 * shows the image scaled to its width, and this `object-position` moves the partner's slice
 * into it, the first at 0% and the last at 100% (docs/decisions/048).
 */
export const logoSlice = (position: number, count: number) => `50% ${count > 1 ? (position / (count - 1)) * 100 : 0}%`;

/**
 * Where a phone's service card shows its thumbnail in `serviceThumbs`: the card's picture box
 * holds the whole image at its CSS size (`background-size`), and this `background-position`
 * moves the service's slice, `sliceWidth` wide, to the box's left edge; the other axis is left
 * to its default, centred from top to bottom (docs/decisions/049).
 */
export const thumbSlice = (position: number, sliceWidth: number) => `${position ? -position * sliceWidth : 0}px`;
