import { formatRand } from "~/lib/format.ts";
import { services } from "./services.ts";
import { consultation, seminarFacts } from "./site.ts";
import type { Faq, HeroContent, NextStepOption, Partner, ProcessStep, ResponsiveImage, Stat, Testimonial } from "./types.ts";

// The landing page's copy (docs/product.md §2.3). Business facts come from site.ts.

export const hero: HeroContent = {
  eyebrow: "For South Africans with the right to live and work in the UK",
  headline: "Build a New Life in the UK",
  body: "Funding, a job offer, a home to rent, a car and the paperwork: one team in Durban and London arranges all of it, so you land ready to start, not starting from scratch.",
  posterTall: {
    src: "/media/hero/poster-tall-900.webp",
    base: "/media/hero/poster-tall",
    widths: [480, 720, 900],
    alt: "Durban's beachfront and stadium arch at dusk, joined by a flight path to London's skyline",
    width: 900,
    height: 1200,
  },
  posterWide: {
    src: "/media/hero/poster-wide-1600.webp",
    base: "/media/hero/poster-wide",
    widths: [1024, 1280, 1600],
    alt: "Durban's beachfront and stadium arch at dusk, joined by a flight path to London's skyline",
    width: 1600,
    height: 900,
  },
  videoTall: { webm: "/media/hero/intro-tall.webm", mp4: "/media/hero/intro-tall.mp4" },
  videoWide: { webm: "/media/hero/intro-wide.webm", mp4: "/media/hero/intro-wide.mp4" },
};

export const servicesIntro = {
  eyebrow: "What we arrange",
  heading: "Everything your move needs, from one team",
  body: "Pick one service or let us handle the lot. Each one is run by people who have made the same move from South Africa.",
} as const;

export const partnersPanel = {
  heading: "Reliable Partners for Your New Beginning",
  body: "We work with UK lenders, letting agents, recruiters and lawyers who understand South African applicants.",
} as const;

/**
 * The partner logos, one under another in one image (scripts/media/illustrations.mjs), in the
 * order of `partners`: a first visit to / asks once for the five (docs/decisions/048). `v` is
 * the start of the file's SHA-256, so a browser holding the old image (media is cached for an
 * hour) cannot show old logos in new places; scripts/media/partner-logos.test.ts keeps it true.
 * `width` and `height` are one logo's box.
 */
export const partnerLogos = { src: "/media/partners/logos.webp?v=1d80d336", width: 240, height: 80 } as const;

/** The landing page shows the first five services; each card opens its tab on /services. */
export const homeServices = services.slice(0, 5);

/**
 * On a phone, the five service cards' thumbnails come from one image (docs/decisions/049),
 * `homeServices`' drawings side by side, each slice `width` x `height` CSS px (drawn at 2x) and
 * centred in its card's picture box. The image's addresses and CSS size are the `thumb-slice`
 * utility's (app/app.css); scripts/media/service-thumbs.test.ts and media.e2e keep them true.
 */
export const serviceThumbs = { files: "/media/services/thumbs", width: 112, height: 200 } as const;

/** In the order of the logos in `partnerLogos.src`; `logo` names the drawing, media/partners/<logo>.svg. */
export const partners: readonly Partner[] = [
  { name: "Albion Bank", logo: "albion-bank" },
  { name: "Harbour Lettings", logo: "harbour-lettings" },
  { name: "Meridian Motor Finance", logo: "meridian-motor-finance" },
  { name: "Northgate Recruitment", logo: "northgate-recruitment" },
  { name: "Cape to Crown Legal", logo: "cape-to-crown-legal" },
];

export const citySection = {
  heading: "Arrive with a plan, not a gamble",
  body: "London, Manchester, Birmingham or Edinburgh: by the time you land, your first job interviews, your first home and your first month's budget are already in place.",
  poster: {
    src: "/media/city/poster-1600.webp",
    base: "/media/city/poster",
    widths: [800, 1200, 1600],
    alt: "",
    width: 1600,
    height: 900,
  } satisfies ResponsiveImage,
  video: { webm: "/media/city/loop.webm", mp4: "/media/city/loop.mp4" },
  arrowLabel: "Scroll to how the process works",
} as const;

export const processIntro = {
  eyebrow: "How it works",
  heading: "Five steps from South Africa to your UK front door",
  body: "A clear path with one team beside you, whether you move in three months or twelve.",
} as const;

export const processSteps: readonly ProcessStep[] = [
  {
    icon: "messages",
    title: "Initial Consultation",
    description:
      "A 60-minute online session with an adviser: your documents, your savings, your career and the city that fits your family.",
  },
  {
    icon: "map",
    title: "Plan Your Journey",
    description:
      "We turn that conversation into a written plan with dates and costs in rand and pounds, so everyone at home knows what happens when.",
  },
  {
    icon: "package",
    title: "Tailored Package",
    description:
      "Choose the services you need: funding, employer introductions, a rental home, a car and legal guidance, under one agreement.",
  },
  {
    icon: "plane",
    title: "UK Relocation",
    description:
      "Your concierge meets you at the airport, takes you to your new home and sets up your bank account, GP and school places.",
  },
  {
    icon: "support",
    title: "Ongoing Support",
    description:
      "For three months after you land we stay on WhatsApp for the questions nobody warns you about, from council tax to MOTs.",
  },
];

export const nextStepsIntro = {
  eyebrow: "How we work with you",
  heading: "Choose Your Next Step",
  body: "Every move starts with a conversation. Pick the one that suits you: a full private consultation, a seminar in your city, or a free call to find out where to begin.",
  contactHeading: "Prefer to talk to us directly?",
} as const;

export const nextSteps: readonly NextStepOption[] = [
  {
    id: "consultation",
    title: "Book a Private Consultation",
    body: `${consultation.minutes} minutes online with a relocation adviser who looks at your documents, savings and career, and leaves you with a written plan.`,
    points: ["One-to-one consultation", "Custom strategy", "Flexible scheduling", "Expert guidance"],
    cta: { label: "Book a Consultation", to: "/consultations" },
  },
  {
    id: "seminar",
    title: "Join Our Next Seminar",
    points: [],
    cta: { label: "View Schedule", to: "/events" },
  },
  {
    id: "intro-call",
    title: "Not sure which option is best for you?",
    body: `Book a free ${consultation.freeCallMinutes}-minute intro call. We will listen, answer your first questions and point you to the right next step.`,
    points: ["No cost, no obligation", "A call at a time that suits you", "Honest advice on where to start"],
    cta: { label: "Book a Free Call", to: "/consultations/book-free" },
  },
];

export const blogIntro = {
  eyebrow: "Resources",
  heading: "Guides for your move",
  body: "Practical articles on jobs, homes, money and family life in the UK, written by people who made the move.",
  viewAllLabel: "View All Blog Posts",
  emptyText: "No blog posts available at the moment.",
  errorText: "Failed to load blog posts",
} as const;

export const blogPromoStats: readonly Stat[] = [
  { value: "20+", label: "Helpful Articles" },
  { value: "1000+", label: "Monthly Readers" },
];

export const testimonialsIntro = {
  eyebrow: "Success stories",
  heading: "Families who made the move",
} as const;

export const testimonials: readonly Testimonial[] = [
  {
    name: "Thandeka and Sipho Dlamini",
    from: "Durban",
    to: "London",
    quote:
      "We had the passports but no idea where to start. Thula lined up an engineering role in Croydon before we flew, found a flat in Sutton with a landlord who accepted our South African references, and our concierge had both children in school within a fortnight. We never once felt on our own.",
  },
  {
    name: "Ryan Pillay",
    from: "Durban",
    to: "Manchester",
    quote:
      "As a nurse on an ancestry visa, I knew the NMC registration would be the hard part. Thula walked me through every form, financed a car for my hospital shifts in Stockport and sorted my National Insurance number in week one. Eight months on, Manchester feels like home.",
  },
];

export const faqIntro = {
  eyebrow: "Questions",
  heading: "Frequently asked questions",
} as const;

export const faqs: readonly Faq[] = [
  {
    question: "Do I need a visa to work in the UK?",
    answer:
      "Not if you already have the right to live and work here: a British or Irish passport, settled or pre-settled status, or a UK Ancestry visa gives you that right, and our services are built for people who have it. In your consultation our UK-qualified advisers check which documents prove it to employers and landlords, and we handle applications for a partner or children who still need a visa.",
  },
  {
    question: "How long does a move take?",
    answer:
      "Most families move three to six months after their first consultation. The job search usually takes four to twelve weeks, and many people then work a notice period in South Africa. We plan around school terms and your lease so the dates fit your family.",
  },
  {
    question: "Can you help if I have no UK credit history?",
    answer:
      "Yes. Our vehicle finance and rental guarantor arrangements do not depend on a UK credit record, and we help you open a UK bank account in your first week so you start building one straight away.",
  },
  {
    question: "What does a consultation cost?",
    answer: `A private online consultation lasts ${consultation.minutes} minutes and costs ${formatRand(consultation.priceCents)}, including VAT and booking fee. If you would like to talk first, the ${consultation.freeCallMinutes}-minute intro call is free.`,
  },
  {
    question: "Do you help my partner and children?",
    answer:
      "Yes. We prepare dependant visa applications where they are needed, find school places near your new home, and include your partner's CV and job search in our employment support.",
  },
  {
    question: "Where are your seminars held?",
    answer: `In South African cities, including Durban, Johannesburg, Cape Town and Pretoria, at hotel and conference venues. Each seminar lasts ${seminarFacts.durationLabel}; the Events page lists the dates, venues and seats left.`,
  },
  {
    question: "What happens after I land?",
    answer:
      "Your concierge meets you at the airport and stays with you for three months: bank account, National Insurance number, GP and council registration, and a WhatsApp line for everything else.",
  },
];
