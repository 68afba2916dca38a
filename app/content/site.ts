import type { Office, SocialLink } from "./types.ts";

// Business details in one place. Phone numbers use Ofcom's and ICASA's drama ranges until
// the company confirms its published numbers.

export const brand = {
  name: "Thula Relocations",
  shortName: "Thula",
  legalName: "Thula Relocations Ltd",
  tagline: "All-inclusive relocation for South Africans with the right to live and work in the UK",
  description:
    "Thula Relocations moves South Africans with the right to live and work in the UK: funding, employer introductions, a home to rent, a car, legal guidance and a concierge who stays with you after you land.",
  email: "hello@thularelocations.co.uk",
  /** The company's public website, wherever this copy of the site runs (the business card shows it). */
  website: "https://www.thularelocations.co.uk",
  privacyEmail: "privacy@thularelocations.co.uk",
  foundedYear: 2019,
  copyrightYear: 2024,
} as const;

export const offices: readonly Office[] = [
  {
    id: "london",
    name: "UK office",
    country: "United Kingdom",
    countryCode: "GB",
    streetAddress: "2nd Floor, 41 Eastcheap",
    locality: "London",
    postalCode: "EC3M 1DT",
    phone: "+44 20 7946 0321",
    phoneE164: "+442079460321",
    hours: "Monday to Friday, 9:00 - 19:00 UK time",
  },
  {
    id: "durban",
    name: "South African office",
    country: "South Africa",
    countryCode: "ZA",
    streetAddress: "Suite 12, 18 Lighthouse Road, Umhlanga Ridge",
    locality: "Durban",
    region: "KwaZulu-Natal",
    postalCode: "4319",
    phone: "+27 31 555 0142",
    phoneE164: "+27315550142",
    hours: "Monday to Friday, 8:30 - 17:00 SA time",
  },
];

export const socialLinks: readonly SocialLink[] = [
  { network: "Facebook", href: "https://www.facebook.com/thularelocations" },
  { network: "Instagram", href: "https://www.instagram.com/thularelocations" },
  { network: "LinkedIn", href: "https://www.linkedin.com/company/thula-relocations" },
];

export const navLinks = [
  { label: "Home", to: "/" },
  { label: "About Us", to: "/about" },
  { label: "Services", to: "/services" },
  { label: "Packages", to: "/packages" },
  { label: "Events", to: "/events" },
  { label: "Consultations", to: "/consultations" },
  { label: "Blog", to: "/blog" },
] as const;

export const footerQuickLinks = [
  { label: "About Us", to: "/about" },
  { label: "Our Services", to: "/services" },
  { label: "Packages", to: "/packages" },
  { label: "Events", to: "/events" },
  { label: "Consultations", to: "/consultations" },
  { label: "Blog", to: "/blog" },
] as const;

export const legalLinks = [
  { label: "Privacy Policy", to: "/legal#privacy" },
  { label: "Terms of Service", to: "/legal#terms" },
  { label: "Cookie Policy", to: "/legal#cookies" },
] as const;

/** Consultation constants (docs/product.md §11.1); the price is configuration, never taken from a request. */
export const consultation = {
  priceCents: 349900,
  minutes: 60,
  priceNote: "Including VAT and booking fee",
  trackingValueGbp: 149,
  freeCallMinutes: 10,
  availability: "Monday to Friday, 9:00 - 19:00 UK time",
  medium: "Online video meeting",
  responsePromise: "We will contact you within 24-48 hours",
} as const;

/** Seminar constants (docs/product.md §11.1). */
export const seminarFacts = {
  durationLabel: "2.5 hours",
  durationMinutes: 150,
  fallbackPriceCents: 120000,
  minimumAttendanceShown: 16,
  /** The reminders' word on parking: venues differ, so it is general advice. */
  parkingNote: "Most of our venues have free parking on site or nearby; please allow a few extra minutes to find a space and sign in.",
} as const;
