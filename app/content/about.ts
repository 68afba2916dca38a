import type { DifferenceCard, ImageAsset } from "./types.ts";

// Copy of /about. People live in people.ts, business details in site.ts.

export const aboutHero = {
  eyebrow: "About us",
  title: "South Africans helping South Africans build a life in the UK",
  lead: "We are a small team in London and Durban who have made this move ourselves. Since 2019 we have helped families with the right to live and work in the UK arrive with a job lined up, a home to go to and money in the bank.",
} as const;

export const companyStory: {
  heading: string;
  paragraphs: string[];
  image: ImageAsset;
  facts: { value: string; label: string }[];
} = {
  heading: "Our story",
  paragraphs: [
    "Thula Relocations began as a kitchen-table habit. Our managing director, Nomvula Mthembu, moved from Durban to London in 2008 and spent the next decade answering questions from friends and family who wanted to follow: how to get a UK CV noticed, how to rent a flat without a UK credit history, what a council tax band is. The same questions came up again and again, and the answers were scattered across forums, embassy pages and other people's bad experiences.",
    "In 2019 she and Pieter Botha, an engineer who had lived in Manchester and run a freight business in Durban, turned those answers into a service. A UK office in London now handles employers, landlords and arrivals; a South African office in Durban handles funding, paperwork, shipping and our seminars in South African cities. One plan connects the two, so nothing falls between the countries.",
    "We only work with South Africans who already have the right to live and work in the UK: British and dual citizens, ancestry visa holders, settled-status holders and their families. That focus means we know the questions you will face, and the people who can answer them.",
  ],
  image: {
    src: "/media/about/story.svg",
    alt: "Illustration of a journey from Durban's coastline to the London skyline",
    width: 1200,
    height: 800,
  },
  facts: [
    { value: "2019", label: "Founded in London and Durban" },
    { value: "2", label: "Offices, one in each country" },
    { value: "6", label: "Services, from funding to concierge" },
  ],
};

export const differencesHeading = {
  title: "What makes us different",
  lead: "Relocation agents are easy to find. These are the reasons families choose us, and recommend us to the people they left behind.",
} as const;

export const differences: readonly DifferenceCard[] = [
  {
    id: "lived-it",
    icon: "plane",
    title: "We have made this move ourselves",
    summary: "Both of our directors left South Africa for the UK and rebuilt their working lives there.",
    details: [
      "Nomvula moved from Durban to London in 2008; Pieter worked in Manchester for five years. Our advice comes from rejected rental applications, winter school runs and first UK payslips, not from a brochure.",
      "When you ask whether Reading or Bristol suits a family on one income, or how long your first job search really takes, you get an answer from someone who has lived it.",
    ],
  },
  {
    id: "both-countries",
    icon: "globe",
    title: "One team on both sides",
    summary: "Our Durban office prepares your departure while our London office prepares your arrival.",
    details: [
      "Selling a car, closing accounts, shipping boxes and moving your retirement savings happen in South Africa. Finding a job, a home and a school happen in the UK. Most agents cover one side and leave the other to you.",
      "We cover both, in your time zone, and your adviser can phone Durban or London in the same afternoon to fix a problem before it costs you a week.",
    ],
  },
  {
    id: "one-plan",
    icon: "route",
    title: "Your whole move in one plan",
    summary: "Funding, work, housing, transport, legal and settling in are planned together, in the right order.",
    details: [
      "A landlord wants proof of income; an employer wants a UK address; a bank wants both. Planned separately, each step waits for the others. We sequence them so that your job offer, tenancy and bank account unlock one another.",
      "You get one written plan with dates, owners and costs, and one adviser who answers for all of it.",
    ],
  },
  {
    id: "straight-answers",
    icon: "scale",
    title: "Straight answers on cost",
    summary: "You see the full cost of your move, in rand and in pounds, before you pay us anything.",
    details: [
      "Our packages have fixed prices in pounds, and our plans list every third-party cost: flights, deposits, visa fees, insurance and the first months of living costs.",
      "If we think you can do part of the move yourself, we say so. If the timing is wrong, we tell you that too. Most of our clients come to us through someone we have already moved.",
    ],
  },
];

export const aboutCta = {
  heading: "Ready to talk about your move?",
  lead: "Book a private 60-minute consultation with our team, or meet us in person at a seminar in your city.",
  consultationLabel: "Book Your Consultation",
  seminarFallback: "Check our schedule",
} as const;
