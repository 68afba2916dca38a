import { businessCard } from "~/content/business-card.ts";
import { brand, offices } from "~/content/site.ts";
import type { VCardContact } from "./vcard.ts";

/** The card's contact details, as the vCard and the page both show them. */
export function businessCardContact(website: string): VCardContact {
  const { person } = businessCard;
  const [givenName = person.name, ...rest] = person.name.split(" ");
  return {
    givenName,
    familyName: rest.join(" "),
    organization: brand.name,
    title: person.role,
    email: person.email,
    phones: offices.map((office) => ({ label: `${office.locality} office`, number: office.phone })),
    addresses: offices.map((office) => ({
      label: `${office.locality} office`,
      street: office.streetAddress,
      locality: office.locality,
      region: office.region,
      postalCode: office.postalCode,
      country: office.country,
    })),
    url: website,
    note: brand.tagline,
  };
}

/**
 * The website the card gives: the site's configured public address (SITE_URL), or the
 * company's own when it has none. A demo's address (localhost, 127.0.0.1) is no one's website.
 */
export function cardWebsite(publicSiteUrl: string | undefined): string {
  return publicSiteUrl ?? brand.website;
}

/** "https://www.thularelocations.co.uk/" → "www.thularelocations.co.uk", for display. */
export function displayHost(siteUrl: string): string {
  try {
    const url = new URL(siteUrl);
    return url.port ? url.host : url.hostname;
  } catch {
    return siteUrl;
  }
}
