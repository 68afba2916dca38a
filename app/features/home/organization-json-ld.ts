import { brand, offices, socialLinks } from "~/content/site.ts";
import type { Office } from "~/content/types.ts";

// schema.org Organization for the landing page, with both offices (issue 2, SEO).

type PostalAddress = {
  "@type": "PostalAddress";
  streetAddress: string;
  addressLocality: string;
  addressRegion?: string;
  postalCode: string;
  addressCountry: string;
};

function postalAddress(office: Office): PostalAddress {
  return {
    "@type": "PostalAddress",
    streetAddress: office.streetAddress,
    addressLocality: office.locality,
    ...(office.region ? { addressRegion: office.region } : {}),
    postalCode: office.postalCode,
    addressCountry: office.countryCode,
  };
}

export function organizationJsonLd(siteUrl: string) {
  const url = `${siteUrl}/`;
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${url}#organization`,
    name: brand.name,
    legalName: brand.legalName,
    url,
    email: brand.email,
    logo: `${siteUrl}/apple-touch-icon.png`,
    description: brand.description,
    foundingDate: String(brand.foundedYear),
    sameAs: socialLinks.map((link) => link.href),
    address: offices.map(postalAddress),
    location: offices.map((office) => ({
      "@type": "Place",
      name: `${brand.name} ${office.name} (${office.locality})`,
      address: postalAddress(office),
      telephone: office.phoneE164,
    })),
    contactPoint: offices.map((office) => ({
      "@type": "ContactPoint",
      contactType: "customer service",
      telephone: office.phoneE164,
      email: brand.email,
      areaServed: office.countryCode,
      availableLanguage: ["en"],
    })),
  };
}
