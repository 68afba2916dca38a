import { formatRand } from "~/lib/format.ts";
import { consultation, seminarFacts } from "./site.ts";
import type { EventAlternative, EventBenefit, EventTopic } from "./types.ts";

// The seminar pages' copy (docs/product.md §2.10 and §2.11). Prices come from the
// database; durations and consultation facts from site.ts.

export const eventsHero = {
  eyebrow: "Relocation seminars in South Africa",
  heading: "Plan your UK move in one evening",
  body: `Join our advisers in your city for ${seminarFacts.durationLabel} on everything a move from South Africa to the UK involves: proving your right to work, funding, your first job, your first home and your first month's budget.`,
  priceCardLabel: "Seat price",
  priceCardNote: "per person, including the printed guide and refreshments",
  priceCardPoints: [`${seminarFacts.durationLabel}, in person`, "Small groups, plenty of time for questions", "Advisers from our UK and SA offices"],
  cta: "View Upcoming Events",
} as const;

export const whyAttendIntro = {
  eyebrow: "Why attend",
  heading: "Why Attend?",
  body: "A seminar is the quickest way to turn “one day we should move” into a plan with dates and numbers.",
} as const;

export const eventBenefits: readonly EventBenefit[] = [
  {
    icon: "compass",
    title: "A clear route, step by step",
    description: "See the whole move in order, from the right-to-work check to your first UK payslip, so nothing surprises you later.",
  },
  {
    icon: "users",
    title: "Advisers who made the move",
    description: "Our team moved from South Africa to the UK themselves. Ask them what they wish they had known.",
  },
  {
    icon: "wallet",
    title: "Real numbers in rand and pounds",
    description: "What flights, shipping, a deposit and the first month really cost, and how our funding packages spread it.",
  },
  {
    icon: "messages",
    title: "Your questions answered",
    description: "Every seminar ends with open Q&A, and the team stays afterwards for one-to-one chats about your situation.",
  },
];

export const whatYoullLearnIntro = {
  eyebrow: "The programme",
  heading: "What You'll Learn",
  body: "Each seminar follows the same tried programme, adapted to the questions in the room.",
} as const;

export const eventTopics: readonly EventTopic[] = [
  {
    title: "Proving your right to live and work in the UK",
    description: "British passports, ancestry visas and settled status: which documents employers and landlords will ask for.",
  },
  {
    title: "Funding your relocation",
    description: "Budgeting the move, our funding packages, and moving money out of South Africa within exchange control rules.",
  },
  {
    title: "Finding your first UK job",
    description: "Which sectors hire South Africans, how UK recruiters read a CV, and interviewing from home.",
  },
  {
    title: "Your first home and your first car",
    description: "Renting without a UK credit history, what a deposit covers, and vehicle finance for new arrivals.",
  },
  {
    title: "Your first month in the UK",
    description: "National Insurance number, bank account, GP registration and schools: the order that saves you weeks.",
  },
];

/** What every seminar seat includes (the booking page's inclusions list). */
export const seminarInclusions: readonly string[] = [
  "Printed relocation guide",
  "Refreshments",
  "A follow-up checklist by e-mail",
  "Q&A with our UK and SA advisers",
];

export const eventsListIntro = {
  eyebrow: "Dates and venues",
  heading: "Where and When?",
  body: "Find a seminar near you. Seats are limited so everyone gets time with an adviser.",
  emptyFiltered: "No events match your filters.",
  emptyCalendar: "No upcoming events at the moment.",
  emptyCalendarHint: "New dates are added every month. In the meantime, an adviser can talk you through your move one to one.",
  loadFailed: "Failed to load upcoming events",
  cancelled: "Your reservation was cancelled and the seat released.",
} as const;

export const cantAttendIntro = {
  eyebrow: "Other ways to talk to us",
  heading: "Can't Attend an Event?",
  body: "No seminar in your city, or the dates don't suit you? Speak to an adviser online instead.",
} as const;

export const eventAlternatives: readonly EventAlternative[] = [
  {
    id: "paid-consultation",
    title: "Book a Private Consultation",
    body: "A one-to-one video call with an adviser: an assessment of your situation, tailored advice and a written action plan.",
    meta: `${consultation.minutes} minutes · ${formatRand(consultation.priceCents)} · ${consultation.priceNote}`,
    cta: { label: "Book a Private Consultation", to: "/consultations/book" },
  },
  {
    id: "free-call",
    title: "Book a Free Intro Call",
    body: "Not sure where to start? A short call to understand your plans and point you to the right next step.",
    meta: `${consultation.freeCallMinutes} minutes · Free`,
    cta: { label: "Book a Free Intro Call", to: "/consultations/book-free" },
  },
];

export const bookingPageCopy = {
  backLink: "Back to all events",
  detailsHeading: "Seminar details",
  inclusionsHeading: "Included in your seat",
  formHeading: "Reserve your seat",
  formIntro: "Tell us who is coming. We hold your seat for 30 minutes while you pay.",
  fullyBooked: "This seminar is fully booked.",
  fullyBookedHint: "Seats free up now and then: join the waitlist below and we will e-mail you an offer if they do, or choose another date or city.",
  notBookable: "This seminar is not taking bookings.",
  pastHint: "This seminar has already taken place. Please choose one of our upcoming dates.",
  inactiveHint: "This seminar is no longer on our calendar. Please choose one of our upcoming dates.",
  cancelled: "This seminar has been cancelled.",
  cancelledHint: "It will not take place. If you had a seat, we have e-mailed you about it, including any refund. Please choose one of our upcoming seminars instead.",
  otherEvents: "View Other Events",
  notFound: "Seminar not found",
  notFoundHint: "The seminar you are looking for does not exist or is no longer listed.",
  loadFailed: "Failed to load seminar",
  loadFailedHint: "Please try again in a moment.",
  returnToEvents: "Return to Events",
} as const;
