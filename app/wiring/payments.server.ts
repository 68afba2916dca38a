import { linkSigner } from "~/features/admin-auth/service.server.ts";
import { consultationPaidItem } from "~/features/consultations/service.server.ts";
import type { PaidItems } from "~/features/payments/service.server.ts";
import { seminarPaidItem } from "~/features/seminars/service.server.ts";
import type { Settings } from "~/lib/env.server.ts";
import type { LinkSigner } from "~/lib/signed-links.server.ts";

// What a payment completes, for each kind of booking. Payments sit below seminars and
// consultations (docs/decisions/003), so they are told here rather than importing them.

/** `links` signs the "manage my booking" links the seminar and consultation e-mails carry (docs/decisions/026); every request path passes it. */
export function paidItems(siteUrl: string, links?: LinkSigner): PaidItems {
  return { seminar: seminarPaidItem(siteUrl, links), consultation: consultationPaidItem(siteUrl, links) };
}

/** What every request path passes payments: the site's address and its link signer, from the settings. */
export function paidItemsFor(settings: Settings): PaidItems {
  return paidItems(settings.siteUrl, linkSigner(settings));
}
