import { clsx } from "clsx";
import { Search, X } from "lucide-react";
import { useId, type FormEvent } from "react";
import { Form, Link, useNavigate } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { pendingHash } from "~/lib/hash-scroll.ts";
import { useAppliedFilters } from "~/lib/use-applied-filters.ts";
import { draftFromFilters, EVENTS_RESULTS_ID, SEARCH_DEBOUNCE_MS, searchForDraft, searchWithoutDates, type EventFilterDraft } from "../filter-form.ts";
import { hasActiveFilters, type EventFilters } from "../filters.ts";
import { DateRangePicker } from "./date-range-picker.tsx";
import { LocationSelect } from "./location-select.tsx";
import { useHydrated } from "~/components/ui/use-hydrated.ts";

type Props = {
  filters: EventFilters;
  cities: readonly string[];
  today: string;
};

/** Typed dates settle a little longer than search text before the list follows. */
const DATE_DEBOUNCE_MS = 500;

/**
 * The sticky filter bar over the events list. A GET form, so it works without JavaScript;
 * with JavaScript every change applies itself (search after a pause), replacing the history
 * entry, and always starts again at page 1.
 */
export function EventsFilterBar({ filters, cities, today }: Props) {
  const enhanced = useHydrated();
  const navigate = useNavigate();
  const searchId = useId();
  const { draft, setDraft, apply, change } = useAppliedFilters<EventFilterDraft>(
    draftFromFilters(filters),
    (next) => searchForDraft(next, today),
    (search) => {
      // RouteScroll brings the list's top (just above this bar) into view, not the page top.
      pendingHash.set(EVENTS_RESULTS_ID);
      void navigate({ pathname: "/events", search }, { replace: true, preventScrollReset: true });
    },
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply(draft);
  }

  const active = hasActiveFilters(filters);

  return (
    <div
      className={clsx(
        "z-30 -mx-5 border-y border-ink-100 bg-white/95 px-5 py-3 shadow-[0_12px_24px_-18px_rgb(15_33_64/0.35)] backdrop-blur sm:mx-0 sm:rounded-2xl sm:border sm:px-4",
        enhanced && "sticky top-18",
      )}
    >
      <Form
        method="get"
        action={`/events#${EVENTS_RESULTS_ID}`}
        role="search"
        aria-label="Filter events"
        onSubmit={enhanced ? onSubmit : undefined}
        className={clsx(
          "grid gap-3",
          enhanced ? "grid-cols-2 lg:grid-cols-[minmax(0,1fr)_13rem_15rem_auto]" : "grid-cols-1 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]",
        )}
      >
        <div className={clsx("relative", enhanced ? "col-span-2 lg:col-span-1" : "lg:col-span-2")}>
          <label htmlFor={searchId} className="sr-only">
            Search events
          </label>
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-600" />
          <input
            id={searchId}
            type="search"
            name="q"
            placeholder="Search events..."
            autoComplete="off"
            enterKeyHint="search"
            maxLength={100}
            value={draft.q}
            onChange={(event) => change({ ...draft, q: event.currentTarget.value }, SEARCH_DEBOUNCE_MS)}
            onKeyDown={(event) => {
              // With several fields and no submit button, Enter would not submit the form.
              if (enhanced && event.key === "Enter") {
                event.preventDefault();
                apply(draft);
              }
            }}
            className="h-12 w-full rounded-xl border border-ink-200 bg-white pr-3 pl-10 text-base text-ink-900 placeholder:text-ink-600 hover:border-ink-500 focus:border-ink-900 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-sun-500 sm:text-sm"
          />
        </div>

        <LocationSelect cities={cities} selected={draft.locations} enhanced={enhanced} onChange={(locations) => change({ ...draft, locations })} />

        <DateRangePicker
          from={draft.from}
          to={draft.to}
          today={today}
          enhanced={enhanced}
          clearHref={`/events${searchWithoutDates(filters)}#${EVENTS_RESULTS_ID}`}
          onChange={(range, valid) => {
            const next = { ...draft, ...range };
            if (valid) change(next, DATE_DEBOUNCE_MS);
            else setDraft(next);
          }}
          onClear={() => change({ ...draft, from: "", to: "" })}
        />

        {enhanced ? (
          active && (
            <Link
              to={`/events#${EVENTS_RESULTS_ID}`}
              replace
              className="col-span-2 inline-flex h-12 items-center justify-center gap-1.5 rounded-xl px-3 text-sm font-semibold text-ink-800 hover:bg-ink-50 lg:col-span-1"
            >
              <X aria-hidden="true" className="size-4" />
              Clear filters
            </Link>
          )
        ) : (
          <div className="flex flex-wrap items-center gap-3 lg:col-span-2">
            <button type="submit" className={buttonClasses("dark", "md")}>
              Apply filters
            </button>
            {active && (
              <Link to={`/events#${EVENTS_RESULTS_ID}`} className="text-sm font-semibold text-ink-800 underline underline-offset-4">
                Clear filters
              </Link>
            )}
          </div>
        )}
      </Form>
    </div>
  );
}
