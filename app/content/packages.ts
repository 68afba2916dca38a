import type { Faq, Package } from "./types.ts";

/** The three relocation packages (docs/product.md §11.1); prices are configuration, in whole pounds. */
export const packages: readonly Package[] = [
  {
    id: "essentials",
    name: "Essentials",
    description:
      "For independent movers who want an expert plan and the paperwork done properly, and are happy to handle the rest themselves.",
    pricePounds: 2499,
    features: [
      "Private 60-minute planning consultation",
      "A written relocation plan with a line-by-line budget in rand and pounds",
      "CV and LinkedIn profile rewritten for UK recruiters",
      "Right-to-work and right-to-rent documents checked",
      "Furnished short-stay accommodation found for your first two weeks",
      "Arrival checklist: National Insurance number, bank account, GP registration",
      "E-mail support from our advisers for three months",
    ],
  },
  {
    id: "prepared",
    name: "Prepared",
    description:
      "Our most chosen package: arrive with employer introductions under way, a long-term home arranged and your finance in place.",
    pricePounds: 3999,
    highlight: true,
    features: [
      "Everything in Essentials",
      "Introductions to UK employers hiring in your field",
      "Interview coaching for UK competency-based interviews",
      "Long-term rental search with video viewings before you fly",
      "Guarantor and reference arrangements for your landlord",
      "Relocation finance application with our partner lenders",
      "Airport welcome and transfer to your new home",
      "WhatsApp support for six months",
    ],
  },
  {
    id: "premium",
    name: "Premium",
    description:
      "For families who want one named person to handle the whole move, from the Durban side to the first school run.",
    pricePounds: 5999,
    features: [
      "Everything in Prepared",
      "A named relocation concierge for your first three months",
      "Partner and children's visa applications handled for you",
      "School places and council registrations arranged",
      "Vehicle finance and insurance that recognises your South African driving history",
      "Tax residence and double-taxation guidance for both countries",
      "Priority support for twelve months",
    ],
  },
];

export const packagesIntro = {
  eyebrow: "Relocation packages",
  title: "Choose the level of support that suits your move",
  lead: "Three fixed-price packages for South Africans with the right to live and work in the UK. Every package starts with a plan built around your family, your budget and your timeline.",
} as const;

/** The one-line comparison under the cards. */
export const packagesNote =
  "Prices are per household (up to two adults and their children), in pounds sterling and including VAT. Flights, rent, deposits and visa fees are paid directly to the provider and are never marked up.";

export const packageFaqs: readonly Faq[] = [
  {
    question: "Which package is right for me?",
    answer:
      "Essentials suits confident movers with a job search under way. Prepared suits most families: it covers work, a home and finance. Premium suits families who want one person to handle everything, including schools and visas for a partner or children. A private consultation will tell you in an hour.",
  },
  {
    question: "Can I spread the cost?",
    answer:
      "Yes. Our funding service can include the package price in your relocation finance, with repayments that start after your first UK pay cheque.",
  },
  {
    question: "What if I only need one service?",
    answer:
      "Book a private consultation. We will tell you honestly whether a package is worth it, or whether a single service, or our free guidance, is enough.",
  },
];
