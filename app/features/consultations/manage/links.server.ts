import type { LinkSigner } from "~/lib/signed-links.server.ts";

// The signed link a consultation's e-mails carry (issue 17): /consultations/manage/{id}.{signature},
// made by the site's link signer, to move or cancel the meeting without an account. It carries
// no state: the page reads the booking fresh, so an old e-mail's link shows the time as it is now.

const PURPOSE = "manage-consultation";

/** The consultation's manage page as an absolute address for an e-mail; undefined without a signer (a test that does not sign). */
export function manageConsultationUrl(siteUrl: string, links: LinkSigner | undefined, bookingId: string): string | undefined {
  return links ? `${siteUrl.replace(/\/+$/, "")}/consultations/manage/${links.sign(PURPOSE, bookingId)}` : undefined;
}

/** The manage link as an e-mail's optional `manageUrl` field: absent without a signer. */
export function withManageUrl(siteUrl: string, links: LinkSigner | undefined, bookingId: string): { manageUrl?: string } {
  const manageUrl = manageConsultationUrl(siteUrl, links, bookingId);
  return manageUrl ? { manageUrl } : {};
}

/** The consultation a manage token names, or null for a forged, altered or malformed one. */
export function consultationIdOfToken(links: LinkSigner, token: string): string | null {
  return links.verify(PURPOSE, token);
}
