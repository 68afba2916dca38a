import { budgetBody } from "./articles/budget.ts";
import { drivingBody } from "./articles/driving.ts";
import { firstThirtyDaysBody } from "./articles/first-30-days.ts";
import { rightToWorkBody } from "./articles/right-to-work.ts";
import { rentingBody } from "./articles/renting.ts";
import { ukCvBody } from "./articles/uk-cv.ts";

// The articles a fresh site ships with (docs/product.md §13.2), newest first.

export type DemoBlogPost = {
  slug: string;
  title: string;
  intro: string;
  /** Markdown. */
  body: string;
  tag: string;
  heroImage: string;
  heroImageAlt: string;
  seoTitle: string;
  seoDescription: string;
  /** Days before the seed that the post was published. */
  publishedDaysAgo: number;
};

export const demoBlogPosts: readonly DemoBlogPost[] = [
  {
    slug: "first-30-days-uk-checklist",
    title: "Your first 30 days in the UK: a checklist for South Africans",
    intro:
      "A UK SIM, a National Insurance number, a bank account, a GP: the order you do them in decides how smooth your first month is. Here is the checklist we give every client.",
    body: firstThirtyDaysBody,
    tag: "Settling In",
    heroImage: "/media/blog/first-30-days.svg",
    heroImageAlt: "A calendar page with the first weeks ticked off beside a suitcase and a London bus",
    seoTitle: "First 30 days in the UK: a checklist for South Africans",
    seoDescription:
      "National Insurance, a bank account, GP registration, council tax and more: the order to tackle your first month in the UK after moving from South Africa.",
    publishedDaysAgo: 6,
  },
  {
    slug: "proving-your-right-to-work-uk",
    title: "Proving your right to work in the UK: British passport, ancestry visa and settled status",
    intro:
      "Every UK employer checks your right to work before your first day. How you prove it depends on your route: a British or Irish passport, an Ancestry visa share code, or settled status.",
    body: rightToWorkBody,
    tag: "Visas & Legal",
    heroImage: "/media/blog/right-to-work.svg",
    heroImageAlt: "A British passport and a phone showing a share code next to an employment contract",
    seoTitle: "Right to work in the UK: a guide for South Africans",
    seoDescription:
      "How South Africans prove the right to work in the UK with a British or Irish passport, an Ancestry visa, an eVisa share code or settled status.",
    publishedDaysAgo: 20,
  },
  {
    slug: "renting-uk-home-without-credit-history",
    title: "Renting your first UK home without a UK credit history",
    intro:
      "Your South African rental record does not show up on a UK credit file. Here is what letting agents check, what you can offer instead, and what landlords in England may charge.",
    body: rentingBody,
    tag: "Accommodation",
    heroImage: "/media/blog/renting.svg",
    heroImageAlt: "A row of British terraced houses with a set of keys in the foreground",
    seoTitle: "Renting in the UK without a credit history",
    seoDescription:
      "Referencing, guarantors, deposit caps, deposit protection and right-to-rent checks: how South Africans rent a first UK home without a UK credit file.",
    publishedDaysAgo: 41,
  },
  {
    slug: "south-african-cv-for-uk-employers",
    title: "How to rewrite a South African CV for UK employers",
    intro:
      "Two pages, no photo, no ID number, no date of birth, and achievements in numbers. How to turn a South African CV into one UK recruiters read to the end.",
    body: ukCvBody,
    tag: "Employment",
    heroImage: "/media/blog/uk-cv.svg",
    heroImageAlt: "A two-page CV on a desk with sections marked for a UK recruiter",
    seoTitle: "Rewrite your South African CV for UK employers",
    seoDescription:
      "What to remove, what to add and how to explain South African qualifications and employers on a two-page CV for UK recruiters.",
    publishedDaysAgo: 67,
  },
  {
    slug: "driving-uk-south-african-licence",
    title: "Driving in the UK on a South African licence: the 12-month rule",
    intro:
      "Your South African licence lets you drive in Great Britain for 12 months after you become resident. Because South Africa is a designated country, you can then exchange it without a test, if you do it in time.",
    body: drivingBody,
    tag: "Vehicles",
    heroImage: "/media/blog/driving.svg",
    heroImageAlt: "A car on a British country road with a 60 mph national speed limit sign",
    seoTitle: "Driving in the UK on a South African licence",
    seoDescription:
      "The 12-month rule, exchanging a South African licence for a GB one without a test, insurance, MOT and road tax for South Africans in the UK.",
    publishedDaysAgo: 95,
  },
  {
    slug: "what-moving-durban-to-london-costs",
    title: "What moving from Durban to London really costs",
    intro:
      "Visas, flights, shipping, pets, deposits and a buffer for the first months without a salary: how we build a relocation budget for a Durban family moving to London.",
    body: budgetBody,
    tag: "Funding",
    heroImage: "/media/blog/budget.svg",
    heroImageAlt: "A notebook with a moving budget, a calculator and rand and pound coins",
    seoTitle: "What moving from Durban to London really costs",
    seoDescription:
      "A relocation budget for South Africans moving to London: documents, flights, shipping, pets, deposits, exchange control and the buffer you need.",
    publishedDaysAgo: 128,
  },
];
