import type { LinkSigner } from "~/lib/signed-links.server.ts";

// The signed "manage my booking" link every booking e-mail carries (docs/decisions/026):
// /bookings/{id}.{signature}, made by the site's link signer (lib/signed-links.server.ts).

const PURPOSE = "manage-seminar-booking";

/** The booking's manage page, relative to the site. */
export function manageBookingPath(links: LinkSigner, bookingId: string): string {
  return `/bookings/${links.sign(PURPOSE, bookingId)}`;
}

/** The booking's manage page as an absolute address for an e-mail; undefined without a signer (a test that does not sign). */
export function manageBookingUrl(siteUrl: string, links: LinkSigner | undefined, bookingId: string): string | undefined {
  return links ? `${siteUrl.replace(/\/+$/, "")}${manageBookingPath(links, bookingId)}` : undefined;
}

/** The booking id a manage token names, or null for a forged, altered or malformed one. */
export function bookingIdOfToken(links: LinkSigner, token: string): string | null {
  return links.verify(PURPOSE, token);
}
