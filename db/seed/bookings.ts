import type { ConsultationStatus, ConsultationType, PreferredTime } from "../schema/enums.ts";

// Demo bookings, naming seminars and contacts by their keys in seminars.ts and contacts.ts.

/**
 * paid: confirmed and paid. hold: an unpaid booking still holding its seat.
 * added-by-admin: confirmed, unpaid, added from the attendee list. lapsed: a hold that
 * expired unpaid (cancelled, no seat). docs/product.md §5.2.
 */
export type DemoSeatKind = "paid" | "hold" | "added-by-admin" | "lapsed";

export type DemoSeminarBooking = {
  seminar: string;
  contact: string;
  kind: DemoSeatKind;
  bookedDaysAgo: number;
  notes?: string;
};

/** Kinds that take a seat and so count in current_attendees. */
export const seatTakingKinds: readonly DemoSeatKind[] = ["paid", "hold", "added-by-admin"];

export const demoSeminarBookings: readonly DemoSeminarBooking[] = [
  {
    seminar: "durban-past",
    contact: "sipho",
    kind: "paid",
    bookedDaysAgo: 50,
    notes: "I have a British passport through my father. I would like to ask about my wife's visa.",
  },
  { seminar: "durban-past", contact: "kiara", kind: "paid", bookedDaysAgo: 45 },
  { seminar: "durban-past", contact: "bongani", kind: "paid", bookedDaysAgo: 40 },

  {
    seminar: "durban-next",
    contact: "ayesha",
    kind: "paid",
    bookedDaysAgo: 17,
    notes: "Nurse on an ancestry visa. Coming with my mother, who will book her own seat.",
  },
  { seminar: "durban-next", contact: "kiara", kind: "hold", bookedDaysAgo: 0 },

  // The CV clinic is full: ten seats, ten bookings that hold one.
  { seminar: "johannesburg-cv-clinic", contact: "thandiwe", kind: "paid", bookedDaysAgo: 21 },
  { seminar: "johannesburg-cv-clinic", contact: "sipho", kind: "paid", bookedDaysAgo: 20 },
  { seminar: "johannesburg-cv-clinic", contact: "pieter", kind: "paid", bookedDaysAgo: 18 },
  { seminar: "johannesburg-cv-clinic", contact: "ayesha", kind: "paid", bookedDaysAgo: 16 },
  {
    seminar: "johannesburg-cv-clinic",
    contact: "johan",
    kind: "paid",
    bookedDaysAgo: 15,
    notes: "Civil engineer, registered with ECSA. Flying up from Cape Town for this one.",
  },
  { seminar: "johannesburg-cv-clinic", contact: "lerato", kind: "paid", bookedDaysAgo: 14 },
  { seminar: "johannesburg-cv-clinic", contact: "kiara", kind: "paid", bookedDaysAgo: 12 },
  { seminar: "johannesburg-cv-clinic", contact: "megan", kind: "added-by-admin", bookedDaysAgo: 11 },
  { seminar: "johannesburg-cv-clinic", contact: "bongani", kind: "paid", bookedDaysAgo: 10 },
  { seminar: "johannesburg-cv-clinic", contact: "nadia", kind: "paid", bookedDaysAgo: 9 },

  { seminar: "johannesburg-career", contact: "thandiwe", kind: "paid", bookedDaysAgo: 20 },
  { seminar: "johannesburg-career", contact: "pieter", kind: "lapsed", bookedDaysAgo: 19 },
  {
    seminar: "johannesburg-career",
    contact: "lerato",
    kind: "paid",
    bookedDaysAgo: 13,
    notes: "Chartered accountant, CA(SA). Interested in audit roles in Manchester or Leeds.",
  },

  { seminar: "cape-town-evening", contact: "johan", kind: "paid", bookedDaysAgo: 14 },
  { seminar: "cape-town-evening", contact: "nadia", kind: "paid", bookedDaysAgo: 8 },
  { seminar: "cape-town-evening", contact: "megan", kind: "paid", bookedDaysAgo: 7 },

  {
    seminar: "pretoria-funding",
    contact: "pieter",
    kind: "paid",
    bookedDaysAgo: 6,
    notes: "Moving with my wife, two children and a Labrador. Keen to hear about funding.",
  },
];

export type DemoConsultation = {
  contact: string;
  consultationType: ConsultationType;
  status: ConsultationStatus;
  isPaid: boolean;
  preferredTime: PreferredTime;
  description: string;
  requestedDaysAgo: number;
  adminNotes: { daysAgo: number; note: string }[];
};

/** The admin who wrote the demo notes. */
export const demoAdminName = "Zanele Dube";

export const demoConsultations: readonly DemoConsultation[] = [
  {
    contact: "sipho",
    consultationType: "paid",
    status: "confirmed",
    isPaid: true,
    preferredTime: "afternoon",
    description:
      "British passport through my father; my wife is South African. We want to understand her visa options and the timeline for moving to Manchester before our son starts school.",
    requestedDaysAgo: 12,
    adminNotes: [
      { daysAgo: 11, note: "Called Sipho on WhatsApp. Wife will need a family visa; sent the checklist of documents." },
      { daysAgo: 10, note: 'Consultation status changed to "confirmed"' },
    ],
  },
  {
    contact: "ayesha",
    consultationType: "paid",
    status: "pending",
    isPaid: false,
    preferredTime: "morning",
    description:
      "Registered nurse with an ancestry visa. I need help with NMC registration and the order of steps: job offer, housing, then flights.",
    requestedDaysAgo: 2,
    adminNotes: [],
  },
  {
    contact: "lerato",
    consultationType: "paid",
    status: "completed",
    isPaid: true,
    preferredTime: "evening",
    description: "CA(SA) with eight years in audit. Want a plan for job hunting from Johannesburg and a realistic first-year budget.",
    requestedDaysAgo: 13,
    adminNotes: [
      { daysAgo: 6, note: "Consultation held. Sent the CV template and two agency introductions in Leeds." },
      { daysAgo: 6, note: 'Consultation status changed to "completed"' },
    ],
  },
  {
    contact: "pieter",
    consultationType: "free",
    status: "pending",
    isPaid: true,
    preferredTime: "evening",
    description: "Not sure whether a seminar or a private consultation suits us. Moving with two children and a dog.",
    requestedDaysAgo: 1,
    adminNotes: [],
  },
  {
    contact: "megan",
    consultationType: "free",
    status: "pending",
    isPaid: true,
    preferredTime: "morning",
    description: "Teacher with a British passport. Would like to know how the intro call works before booking anything.",
    requestedDaysAgo: 3,
    adminNotes: [],
  },
];
