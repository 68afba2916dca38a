import { businessCard } from "~/content/business-card.ts";
import { brand, offices } from "~/content/site.ts";
import type { VCardContact } from "./vcard.ts";

/** The card's contact details, as the vCard and the page both show them. */
export function businessCardContact(siteUrl: string): VCardContact {
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
    url: siteUrl,
    note: brand.tagline,
  };
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
