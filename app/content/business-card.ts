import { nomvula } from "./people.ts";

/** The digital business card at /business-card: our managing director. */
export const businessCard = {
  person: nomvula,
  blurb: "All-inclusive relocation for South Africans with the right to live and work in the UK: funding, work, a home, a car, legal guidance and a concierge who stays with you after you land.",
  saveLabel: "Save contact",
  vcardPath: "/business-card/contact.vcf",
  vcardFileName: "thula-relocations.vcf",
} as const;
