import type { PublicBookingSeminar } from "../events/public-view.ts";
import type { SeminarCard } from "../events/queries.server.ts";
import type { EmailSeminar } from "../emails/facts.ts";

// Seminars as the seminar tests describe them (not shipped: only tests import this).

/** The Durban seminar the seminar e-mails are tested with. */
export const oysterBoxSeminar: EmailSeminar = {
  id: "7b1d2c3e-0000-4000-8000-00000000abcd",
  title: "Moving to the UK: Durban",
  seminarDate: "2026-12-05",
  seminarTime: "18:00:00",
  venueName: "The Oyster Box",
  address: "2 Lighthouse Road, Umhlanga",
  city: "Durban",
};

/** A booking id and the reference it reads as ("3F2A9C1E"). */
export const testBookingId = "3f2a9c1e-5b6d-4e7f-8a9b-0c1d2e3f4a5b";

const harbourview = {
  id: "6f1c7a1e-8a52-4d43-9a55-5d0b1f0e2b11",
  title: "Moving to the UK: Durban Information Evening",
  description: "An evening for movers.",
  city: "Durban",
  venueName: "Harbourview Hotel Umhlanga",
  address: "12 Lagoon Drive",
  location: "Harbourview Hotel Umhlanga, Durban",
  seminarDate: "2026-12-05",
  seminarTime: "18:00:00",
  priceCents: 120000,
};

/** The Durban evening as the events queries return it: 12 of 30 seats taken. */
export const harbourviewCard: SeminarCard = { ...harbourview, maxAttendees: 30, currentAttendees: 12 };

/** The same evening as its booking page is sent to the browser: bookable, 12 spots left. */
export const harbourviewBookingPage: PublicBookingSeminar = { ...harbourview, isActive: true, organizerName: "Thula Relocations", bookable: true, spotsLeft: 12, cancelled: false };
