import type { SeminarCard } from "./queries.server.ts";
import { spotsLeft } from "../seats/rules.ts";
import type { BookingPageSeminar } from "./listing.server.ts";

// What pages send to the browser about a seminar: seats only as "spots remaining", never
// the attendee counts behind them (docs/product.md §1.5).

export type PublicSeminarCard = Pick<SeminarCard, "id" | "title" | "city" | "venueName" | "seminarDate" | "seminarTime" | "priceCents"> & {
  spotsLeft: number;
};

export function publicSeminarCard(card: SeminarCard): PublicSeminarCard {
  const { id, title, city, venueName, seminarDate, seminarTime, priceCents } = card;
  return { id, title, city, venueName, seminarDate, seminarTime, priceCents, spotsLeft: spotsLeft(card) };
}

export type PublicBookingSeminar = Omit<BookingPageSeminar, "maxAttendees" | "currentAttendees">;

export function publicBookingSeminar(seminar: BookingPageSeminar): PublicBookingSeminar {
  const { maxAttendees: _max, currentAttendees: _taken, ...shown } = seminar;
  return shown;
}
