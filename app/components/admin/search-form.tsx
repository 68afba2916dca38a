import { Search, X } from "lucide-react";
import { Form, Link, useLocation } from "react-router";
import { POSITION_PARAMS } from "~/lib/keyset.ts";
import { searchWith } from "./url-state.ts";

type Props = {
  /** The accessible name of the search box, e.g. "Search users". */
  label: string;
  placeholder: string;
  /** The URL parameter; "q" unless told. */
  name?: string;
  /** The search in effect (from the loader), so the box shows it. */
  defaultValue: string;
  /** Parameters not to carry over (modals); the page (a number, or a list's cursor) is always reset. */
  drop?: readonly string[];
};

/**
 * A server-side search: a GET form that keeps the page's other parameters (filters) and
 * starts again at the first page. Works without JavaScript; 'Clear' appears while a search is on.
 */
export function AdminSearchForm({ label, placeholder, name = "q", defaultValue, drop = [] }: Props) {
  const location = useLocation();
  const restart = ["page", ...POSITION_PARAMS, ...drop];
  const kept = [...new URLSearchParams(location.search)].filter(([key]) => key !== name && !restart.includes(key));
  const clearHref = `${location.pathname}${searchWith(location.search, Object.fromEntries([name, ...restart].map((key) => [key, null])))}`;
  return (
    <Form method="get" role="search" aria-label={label} className="flex w-full max-w-xl items-center gap-2">
      {kept.map(([key, value], index) => (
        <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
      ))}
      <AdminSearchFields label={label} placeholder={placeholder} name={name} defaultValue={defaultValue} clearHref={clearHref} />
    </Form>
  );
}

/**
 * The search box, its 'Search' button and, while a search is on, 'Clear' (a link to
 * `clearHref`): the inside of a search form, for forms that also hold other filters.
 */
export function AdminSearchFields({ label, placeholder, name, defaultValue, clearHref }: Required<Pick<Props, "label" | "placeholder" | "name" | "defaultValue">> & { clearHref: string }) {
  return (
    <>
      <div className="relative min-w-0 flex-1">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-500" />
        <input
          key={defaultValue}
          type="search"
          name={name}
          defaultValue={defaultValue}
          placeholder={placeholder}
          aria-label={label}
          maxLength={100}
          className="block w-full rounded-lg border border-ink-300 bg-white py-2 pr-3 pl-9 text-sm text-ink-950 placeholder:text-ink-500 hover:border-ink-500 focus-visible:border-ink-900"
        />
      </div>
      <button type="submit" className="inline-flex cursor-pointer items-center rounded-lg bg-ink-900 px-4 py-2 text-sm font-semibold text-white hover:bg-ink-800">
        Search
      </button>
      {defaultValue ? (
        <Link to={clearHref} className="inline-flex items-center gap-1 rounded-lg px-2 py-2 text-sm font-semibold text-ink-800 hover:bg-ink-100">
          <X aria-hidden="true" className="size-4" />
          Clear<span className="sr-only"> search</span>
        </Link>
      ) : null}
    </>
  );
}
