import { formatShortDate } from "~/lib/format.ts";
import { changeEventFilters, eventFiltersToSearch, parseEventFilters, type EventFilters } from "./filters.ts";

// What the /events filter bar holds while the visitor edits it, and the URL it leads to.
// The URL (parsed on the server) stays the one source of truth.

export type EventFilterDraft = { q: string; locations: string[]; from: string; to: string };

export function draftFromFilters(filters: EventFilters): EventFilterDraft {
  return { q: filters.q, locations: filters.locations, from: filters.from ?? "", to: filters.to ?? "" };
}

/** The query string for an edited filter bar: repaired as the server would, always page 1. */
export function searchForDraft(draft: EventFilterDraft, today: string): string {
  const params = new URLSearchParams();
  params.set("q", draft.q);
  for (const location of draft.locations) params.append("location", location);
  params.set("from", draft.from);
  params.set("to", draft.to);
  const filters = parseEventFilters(params, today);
  return eventFiltersToSearch(changeEventFilters(filters, {}));
}

/** The same filters without dates (the no-JavaScript 'Clear dates' link). */
export function searchWithoutDates(filters: EventFilters): string {
  return eventFiltersToSearch(changeEventFilters(filters, { from: undefined, to: undefined }));
}

/** What the location trigger says is chosen. */
export function locationSummary(locations: readonly string[]): string {
  if (locations.length === 0) return "All locations";
  if (locations.length <= 2) return locations.join(", ");
  return `${locations[0]} + ${locations.length - 1} more`;
}

/** What the date trigger says: 'Select dates' until a bound is chosen. */
export function dateRangeLabel(from: string, to: string): string {
  const start = from ? formatShortDate(from) : undefined;
  const end = to ? formatShortDate(to) : undefined;
  if (start && end) return start === end ? start : `${start} – ${end}`;
  if (start) return `From ${start}`;
  if (end) return `Until ${end}`;
  return "Select dates";
}

/** The 'Where and When?' section ('View Upcoming Events' scrolls here, 100px below the top). */
export const EVENTS_SECTION_ID = "upcoming-events";
/** Just above the sticky filter bar: filter changes and page links bring the list back here. */
export const EVENTS_RESULTS_ID = "event-results";
/** docs/product.md §11.4: the list sits 100px below the top of the window after the scroll. */
export const EVENTS_SCROLL_OFFSET_PX = 100;
/** Typing in the search box waits this long before the list is filtered. */
export const SEARCH_DEBOUNCE_MS = 300;
