import type { Db } from "#db/client.ts";
import { todayIn } from "~/lib/format.ts";
import { log, errorFields } from "~/lib/log.server.ts";
import { seminarFacts } from "~/content/site.ts";
import { EVENTS_PAGE_SIZE, pageCount, type EventFilters } from "./filters.ts";
import {
  findNextSeminar,
  findSeminarForBooking,
  findUpcomingSeminars,
  upcomingSeminarFacts,
  type SeminarCard,
} from "./queries.server.ts";
import { isBookable } from "../rules.ts";
import { spotsLeft } from "../seats/rules.ts";
import { seminarIdSchema } from "../schema.ts";
import type { NextSeminar } from "../types.ts";


/**
 * The seminar for the marketing cards. A failure is logged and the card shows its
 * fallback text instead (docs/product.md §2.20), so a page never fails because of it.
 */
export async function nextSeminarForCards(db: Db, now = new Date()): Promise<NextSeminar | null> {
  try {
    return await findNextSeminar(db, todayIn("Africa/Johannesburg", now), now);
  } catch (error) {
    log.error("Could not load the next seminar", errorFields(error));
    return null;
  }
}

export type EventsPage = {
  seminars: SeminarCard[];
  total: number;
  page: number;
  pageCount: number;
  cities: string[];
  /** The hero card's "from" price: the lowest upcoming price, R1200.00 when none. */
  fromPriceCents: number;
  today: string;
};

/**
 * /events: one page of upcoming seminars matching the filters. A read only: seats of lapsed
 * holds count as free here, and the sweeper frees them (never a page view).
 */
export async function eventsPage(db: Db, filters: EventFilters, { now = new Date() }: { now?: Date } = {}): Promise<EventsPage> {
  const today = todayIn("Africa/Johannesburg", now);
  const [found, facts] = await Promise.all([findUpcomingSeminars(db, filters, { today, now }, EVENTS_PAGE_SIZE), upcomingSeminarFacts(db, today)]);
  return {
    seminars: found.seminars,
    total: found.total,
    page: filters.page,
    pageCount: pageCount(found.total),
    cities: facts.cities,
    fromPriceCents: facts.lowestPriceCents ?? seminarFacts.fallbackPriceCents,
    today,
  };
}

/** `cancelled`: the seminar was cancelled (the page says so plainly; when and why stay with staff). */
export type BookingPageSeminar = SeminarCard & { isActive: boolean; organizerName: string; bookable: boolean; spotsLeft: number; cancelled: boolean };

/** /events/book/{id}: the seminar with what a visitor may do with it (a read only, like eventsPage); undefined when unknown. */
export async function seminarForBookingPage(db: Db, seminarId: string, { now = new Date() }: { now?: Date } = {}): Promise<BookingPageSeminar | undefined> {
  if (!seminarIdSchema.safeParse(seminarId).success) return undefined;
  const found = await findSeminarForBooking(db, seminarId, now);
  if (!found) return undefined;
  const { cancelledAt, ...seminar } = found;
  return { ...seminar, bookable: isBookable(seminar, todayIn("Africa/Johannesburg", now)), spotsLeft: spotsLeft(seminar), cancelled: cancelledAt !== null };
}
