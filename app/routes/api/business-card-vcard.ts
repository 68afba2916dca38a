import { businessCard } from "~/content/business-card.ts";
import { businessCardContact, cardWebsite } from "~/features/business-card/contact.ts";
import { buildVCard } from "~/features/business-card/vcard.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import type { Route } from "./+types/business-card-vcard";

/** GET /business-card/contact.vcf: the managing director's card for an address book. */
export function loader({ context }: Route.LoaderArgs) {
  const website = cardWebsite(context.get(runtimeContext).settings.publicSiteUrl);
  return new Response(buildVCard(businessCardContact(website)), {
    headers: {
      "Content-Type": "text/vcard; charset=utf-8",
      "Content-Disposition": `attachment; filename="${businessCard.vcardFileName}"`,
      "Cache-Control": "public, max-age=3600",
    },
  });
}
