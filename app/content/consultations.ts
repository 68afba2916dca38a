import { formatRand } from "~/lib/format.ts";
import { consultation } from "./site.ts";
import type { ConsultationHighlight, ConsultationOutcome, ConsultationStep, Faq } from "./types.ts";

// Copy of /consultations and the two booking forms (docs/product.md §2.12, §2.13). Prices, hours and the
// response promise come from site.ts.

const price = formatRand(consultation.priceCents);

/** "including VAT and booking fee", for the middle of a sentence. */
export const priceNoteInline = consultation.priceNote.charAt(0).toLowerCase() + consultation.priceNote.slice(1);

export const consultationsIntro = {
  eyebrow: "Private consultation",
  title: "Plan your move to the UK with someone who has made it",
  lead: `One hour online with a relocation adviser who moved from South Africa to the UK. We look at your documents, your career and your savings, and you leave with a clear plan for the months ahead.`,
  bookLabel: "Book Your Consultation",
  freeLabel: "Book a Free 10-Minute Call",
} as const;

export const consultationHighlights: readonly ConsultationHighlight[] = [
  {
    icon: "user-check",
    title: "One-to-one with an adviser",
    description: "A private meeting with one of our relocation advisers, South Africans who built their own lives in the UK.",
  },
  {
    icon: "file-text",
    title: "Built around your situation",
    description: "Your right-to-work documents, qualifications, family and timeline: the hour is spent on your move, not a script.",
  },
  {
    icon: "wallet",
    title: "Straight answers on money",
    description: "What the move really costs in rand and pounds, from deposits and first rent to the months before your first UK payslip.",
  },
  {
    icon: "video",
    title: "Online, when it suits you",
    description: `${consultation.availability}, by video from wherever you are. Evening slots fit around a South African working day.`,
  },
];

export const outcomesIntro = {
  eyebrow: "What you leave with",
  title: "Assessment, advice and an action plan",
  lead: "Every consultation follows the same three steps, so you finish the hour knowing where you stand and what to do next.",
} as const;

export const consultationOutcomes: readonly ConsultationOutcome[] = [
  {
    id: "assessment",
    title: "Assessment",
    description: "An honest look at where you stand today and how ready you are to move.",
    points: ["Your right-to-work documents checked", "Your experience against the UK job market", "A realistic timeline for your family"],
  },
  {
    id: "advice",
    title: "Advice",
    description: "Clear guidance on the decisions that shape your first year in the UK.",
    points: ["Where to live and what it costs", "CVs, job searches and UK-style interviews", "Schools, banking, driving and credit history"],
  },
  {
    id: "action-plan",
    title: "Action plan",
    description: "A written, step-by-step plan e-mailed to you after the call.",
    points: ["What to do, in order, with dates", "A budget in rand and pounds", "Which of our packages fits, if you want our help"],
  },
];

export const consultationSteps: readonly ConsultationStep[] = [
  {
    title: "Send your request",
    description: "Tell us about your plans and choose a preferred time window. It takes two minutes.",
  },
  {
    title: "We contact you within 24-48 hours",
    description: `We agree a time with you. Your confirmation e-mail already holds a secure link to pay ${price} online.`,
  },
  {
    title: "Meet your adviser online",
    description: `${consultation.minutes} minutes by video, then your written action plan follows by e-mail.`,
  },
];

export const availabilityIntro = {
  title: "Availability",
  lead: "Consultations and intro calls run on UK time. Tell us your preferred window when you book and we agree the exact time with you.",
} as const;

export const freeCallIntro = {
  title: `Free ${consultation.freeCallMinutes}-minute intro call`,
  body: "Not sure a full consultation is right for you yet? Tell us about your plans in a short call, ask your first questions and hear which next step suits you.",
  points: ["No cost, no obligation", "A call in the window that suits you", "Honest advice on where to start"],
} as const;

export const consultationFaqs: readonly Faq[] = [
  {
    question: "Who is the consultation for?",
    answer:
      "South Africans who already have the right to live and work in the UK (a British or Irish passport, settled or pre-settled status, or a UK Ancestry visa) and the family moving with them.",
  },
  {
    question: "How do I pay?",
    answer: `After you send your request we e-mail you a secure link to pay ${price} online. The price includes VAT and the booking fee, and your consultation is confirmed once it is paid.`,
  },
  {
    question: "Can my partner join?",
    answer: "Yes, and we recommend it. Join together from one screen or two: the price is per consultation, not per person.",
  },
  {
    question: "What if I am not ready to pay yet?",
    answer: `Book the free ${consultation.freeCallMinutes}-minute intro call. We answer your first questions and tell you honestly whether a full consultation is worth it for you.`,
  },
];

/** The booking forms' headings and summaries (paid at /consultations/book, free at /consultations/book-free). */
export const bookingPageCopy = {
  paid: {
    eyebrow: "Private consultation",
    title: "Book your private consultation",
    lead: "Tell us about yourself and when suits you. We'll e-mail you a secure link to pay online and agree a time with you.",
    summaryTitle: `Private consultation, ${consultation.minutes} minutes`,
    points: ["One-to-one with a relocation adviser", "Assessment, advice and a written action plan", consultation.medium],
    submitLabel: "Request My Consultation",
    slotLead: "Choose a time that suits you, tell us about yourself, and pay securely online to confirm it. Your meeting link arrives by e-mail straight away.",
    slotSubmitLabel: "Continue to Payment",
    formName: "paid_consultation",
  },
  free: {
    eyebrow: "Free intro call",
    title: "Book your free intro call",
    lead: "A short, friendly call to hear about your plans, answer your first questions and point you to the right next step.",
    summaryTitle: freeCallIntro.title,
    points: ["No cost, no obligation", "Your first questions answered", "Honest advice on where to start"],
    submitLabel: "Request My Free Call",
    slotLead: "Choose a time that suits you for a short, friendly call: we hear about your plans, answer your first questions and point you to the right next step.",
    slotSubmitLabel: "Book My Free Call",
    formName: "free_consultation",
  },
} as const;
