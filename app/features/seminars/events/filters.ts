import { pageParam } from "~/lib/pagination.ts";
import { addDays } from "~/lib/format.ts";
import { searchText } from "~/lib/search-text.ts";

// The /events filters (docs/product.md §2.10, §6.11): they live in the URL so a filtered list can be shared
// and works without JavaScript; the server applies them.

export const EVENTS_PAGE_SIZE = 6;
const MAX_SEARCH_LENGTH = 100;
const MAX_LOCATIONS = 20;
/** How far ahead the date picker reaches. */
const MAX_DAYS_AHEAD = 3 * 365;

export type EventFilters = {
  /** Case-insensitive text over title, description and location. */
  q: string;
  /** Cities; a seminar matches when its city is any of them. */
  locations: string[];
  /** Inclusive bounds, "YYYY-MM-DD", never before today. */
  from?: string;
  to?: string;
  page: number;
};

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function validDate(value: string | null): string | undefined {
  if (!value || !isoDate.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : undefined;
}

/** Reads the filters from a URL's query, repairing what a hand-edited URL gets wrong. */
export function parseEventFilters(params: URLSearchParams, today: string): EventFilters {
  const q = searchText(params.get("q"), MAX_SEARCH_LENGTH);
  const locations = [...new Set(params.getAll("location").map((location) => searchText(location, MAX_SEARCH_LENGTH)).filter(Boolean))].slice(0, MAX_LOCATIONS);
  const latest = addDays(today, MAX_DAYS_AHEAD);
  const clamp = (date: string | undefined) => (date === undefined ? undefined : date < today ? today : date > latest ? latest : date);
  let from = clamp(validDate(params.get("from")));
  let to = clamp(validDate(params.get("to")));
  if (from && to && to < from) [from, to] = [to, from];
  return { q, locations, from, to, page: pageParam(params, 10_000) };
}

/** The query string for a set of filters (defaults left out, so URLs stay short). */
export function eventFiltersToSearch(filters: EventFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  for (const location of filters.locations) params.append("location", location);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.page > 1) params.set("page", String(filters.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** Any change to the filters starts again at page 1 (docs/product.md §2.10). */
export function changeEventFilters(filters: EventFilters, change: Partial<Omit<EventFilters, "page">>): EventFilters {
  return { ...filters, ...change, page: 1 };
}

export function goToEventsPage(filters: EventFilters, page: number): EventFilters {
  return { ...filters, page: Math.max(1, Math.floor(page)) };
}

export function hasActiveFilters(filters: EventFilters): boolean {
  return filters.q !== "" || filters.locations.length > 0 || filters.from !== undefined || filters.to !== undefined;
}

export function pageCount(total: number, pageSize = EVENTS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
