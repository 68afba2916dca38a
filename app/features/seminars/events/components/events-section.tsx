import { CalendarX2, SearchX } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { Pagination } from "~/components/ui/pagination.tsx";
import { eventsListIntro } from "~/content/events.ts";
import { resultCountLabel } from "../../labels.ts";
import { EVENTS_RESULTS_ID, EVENTS_SECTION_ID } from "../filter-form.ts";
import { eventFiltersToSearch, EVENTS_PAGE_SIZE, goToEventsPage, hasActiveFilters, type EventFilters } from "../filters.ts";
import type { PublicSeminarCard } from "../public-view.ts";
import { EventCard } from "./event-card.tsx";
import { EventsFilterBar } from "./events-filter-bar.tsx";
import { SectionIntro } from "./section-intro.tsx";

type Props = {
  seminars: PublicSeminarCard[];
  total: number;
  page: number;
  pageCount: number;
  cities: string[];
  today: string;
  filters: EventFilters;
};

function EmptyState({ filtered }: { filtered: boolean }) {
  const Icon = filtered ? SearchX : CalendarX2;
  return (
    <div className="mt-8 rounded-2xl border border-dashed border-ink-200 bg-ink-50 px-6 py-14 text-center">
      <Icon aria-hidden="true" className="mx-auto size-10 text-ink-600" />
      <p className="mt-4 text-lg font-semibold text-ink-950">{filtered ? eventsListIntro.emptyFiltered : eventsListIntro.emptyCalendar}</p>
      {filtered ? (
        <Link to={`/events#${EVENTS_RESULTS_ID}`} className={buttonClasses("dark", "md", "mt-6")}>
          Clear filters
        </Link>
      ) : (
        <>
          <p className="mx-auto mt-2 max-w-xl text-ink-700">{eventsListIntro.emptyCalendarHint}</p>
          <Link to="/consultations" className={buttonClasses("dark", "md", "mt-6")}>
            Talk to an adviser
          </Link>
        </>
      )}
    </div>
  );
}

/** 'Where and When?': the filter bar, the result count, the cards and the pages. */
export function EventsSection({ seminars, total, page, pageCount, cities, today, filters }: Props) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/events";
  const filtered = hasActiveFilters(filters);

  return (
    <section id={EVENTS_SECTION_ID} aria-labelledby="where-and-when-heading" className="scroll-mt-[100px] bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-5 lg:px-8">
        <SectionIntro id="where-and-when-heading" focusable eyebrow={eventsListIntro.eyebrow} heading={eventsListIntro.heading} body={eventsListIntro.body} />
        {/* Filter changes and page links return here: just above the bar, clear of the navbar. */}
        <div id={EVENTS_RESULTS_ID} className="mt-10 scroll-mt-18" />
        {/* A direct child of the section's container, so it stays stuck along the whole list. */}
        <EventsFilterBar filters={filters} cities={cities} today={today} />
        <p role="status" aria-live="polite" className="mt-8 text-sm font-semibold text-ink-700">
          {resultCountLabel(total, page, EVENTS_PAGE_SIZE)}
        </p>
        {/* Focus moved here by the keyboard is scrolled clear of the navbar and the stuck filter bar (WCAG 2.4.11). */}
        <div className="[&_:focus]:scroll-mt-60 lg:[&_:focus]:scroll-mt-44">
          {seminars.length > 0 ? (
            // The list, not the whole section, is drawn lazily: the browser would draw a lazy part
            // holding the filter bar's controls, list and all, as soon as the page is parsed (ADR 043).
            <ul
              aria-label="Upcoming events"
              aria-busy={loading}
              className="render-lazily mt-4 grid gap-6 transition-opacity aria-busy:opacity-60 md:grid-cols-2 lg:grid-cols-3"
            >
              {seminars.map((seminar) => (
                <li key={seminar.id}>
                  <EventCard seminar={seminar} />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState filtered={filtered} />
          )}
          <Pagination
            page={page}
            pageCount={pageCount}
            href={(target) => `/events${eventFiltersToSearch(goToEventsPage(filters, target))}#${EVENTS_RESULTS_ID}`}
            size="lg"
            className="mt-12 justify-center"
          />
        </div>
      </div>
    </section>
  );
}
