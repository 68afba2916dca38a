import type { ResponsiveImage, Service, ServiceId } from "./types.ts";

/**
 * A service's illustration, drawn by scripts/media/services.py and written in AVIF and WebP by
 * scripts/media/illustrations.mjs (the widths must match): a page paints those off its main
 * thread, where each SVG image cost it a document of its own (issue 19).
 */
function illustration(name: string, alt: string): ResponsiveImage {
  const base = `/media/services/${name}`;
  return { base, widths: [224, 640], src: `${base}-640.webp`, alt, width: 640, height: 480 };
}

/** Tab order on /services (docs/product.md §2.5). The first five are the home page's service cards. */
export const services: readonly Service[] = [
  {
    id: "funding",
    title: "Funding Packages",
    summary: "Spread the cost of the move so you arrive with savings, not debt.",
    description:
      "Flights, a deposit on a home, the first months of living costs: moving to the UK costs more than most families expect. We build a funding plan around your budget, arrange relocation finance with UK and South African lenders we work with, and show you the whole cost before you commit to anything.",
    features: [
      "A line-by-line budget for your move, in rand and in pounds",
      "Relocation finance arranged with partner lenders",
      "Repayments that start after your first UK pay cheque",
      "Advice on moving savings and retirement funds offshore",
    ],
    image: illustration("funding", "Rand and pound coins stacked beside a travel plan"),
  },
  {
    id: "employment",
    title: "Employment Support",
    summary: "Introductions to UK employers who already hire South Africans.",
    description:
      "Your right to work is an advantage: many UK employers cannot sponsor visas, and you do not need one. We rewrite your CV for UK recruiters, prepare you for competency-based interviews, and introduce you to employers in healthcare, engineering, finance, teaching and the trades who are hiring now.",
    features: [
      "CV and LinkedIn profile rewritten for UK recruiters",
      "Direct introductions to hiring employers",
      "Interview coaching for UK competency questions",
      "Help with qualification recognition (HCPC, NMC, Ecctis)",
    ],
    image: illustration("employment", "A handshake across a desk with a UK job offer"),
  },
  {
    id: "accommodation",
    title: "Accommodation Support",
    summary: "A home to rent from your first week, without a UK credit history.",
    description:
      "UK letting agents ask for a credit history, a UK guarantor and months of rent up front. We arrange short-stay accommodation for your arrival, find long-term rentals near your work and schools, and give landlords the references and guarantees they ask for.",
    features: [
      "Furnished short-stay homes for your first weeks",
      "Long-term rentals matched to your commute and schools",
      "Guarantor and reference arrangements for landlords",
      "Viewings by video before you fly",
    ],
    image: illustration("accommodation", "A row of British terraced houses with a key"),
  },
  {
    id: "vehicle",
    title: "Vehicle Finance",
    summary: "A reliable car on UK roads, financed from day one.",
    description:
      "Public transport works in London; most of the rest of the UK needs a car. We arrange vehicle finance that does not depend on a UK credit record, insurance that counts your South African no-claims history, and explain when your South African licence must be exchanged for a UK one.",
    features: [
      "Car finance without a UK credit record",
      "Insurance that recognises South African driving history",
      "Guidance on the 12-month licence rule and the UK test",
      "Vehicles checked by an independent inspector",
    ],
    image: illustration("vehicle", "A family car on a British country road"),
  },
  {
    id: "legal",
    title: "Visa & Legal Guidance",
    summary: "Proof of your right to work, done properly, for you and your family.",
    description:
      "Whether you hold a British passport, an ancestry visa or settled status, employers, landlords and banks will ask you to prove it. Our UK-qualified advisers check your documents, handle applications for your partner and children, and explain tax residence in both countries.",
    features: [
      "Right-to-work and right-to-rent checks prepared",
      "Family and dependant visa applications",
      "British passport and citizenship applications",
      "Tax residence and double-taxation guidance",
    ],
    image: illustration("legal", "A British passport beside signed documents"),
  },
  {
    id: "concierge",
    title: "Relocation Concierge",
    summary: "One person who handles the details, before and after you land.",
    description:
      "A named concierge meets you at the airport and stays with you for your first three months: bank accounts, National Insurance number, GP and school registration, council tax, a SIM card and the hundred small things that make a new country feel like home.",
    features: [
      "Airport welcome and transfer to your new home",
      "Bank account, National Insurance number and GP registration",
      "School places and council registrations",
      "A WhatsApp line to your concierge for three months",
    ],
    image: illustration("concierge", "A concierge welcoming a family at a London airport"),
    darkMode: true,
  },
];

export function findService(id: string): Service | undefined {
  return services.find((service) => service.id === id);
}

export const serviceIds: readonly ServiceId[] = services.map((service) => service.id);
