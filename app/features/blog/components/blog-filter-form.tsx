import { clsx } from "clsx";
import { Check, Search, SlidersHorizontal, X } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { Form, Link, useNavigate } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { useHydrated } from "~/components/ui/use-hydrated.ts";
import { useAppliedFilters } from "~/lib/use-applied-filters.ts";
import { blogFiltersToSearch, MAX_SEARCH_LENGTH, toggleTag, type BlogFilters } from "../rules.ts";

const SEARCH_DEBOUNCE_MS = 350;
const PANEL_ID = "blog-filter-panel";
const TOGGLE_ID = "blog-filter-toggle";

/** Without JavaScript the toggle cannot work: the panel simply stays open (root.tsx puts this in the head's <noscript>). */
export const BLOG_FILTER_NOSCRIPT_CSS = `#${PANEL_ID}{display:block!important}#${TOGGLE_ID}{display:none!important}`;

type Props = { filters: BlogFilters; tags: readonly string[] };

/**
 * Search and tag filters for /blog (docs/product.md §2.7). A GET form, so it works without
 * JavaScript (the tag panel then always shows, with an Apply button); with JavaScript the
 * list follows every change (typing after a pause) and the panel opens with 'Filters'.
 */
export function BlogFilterForm({ filters, tags }: Props) {
  const enhanced = useHydrated();
  const navigate = useNavigate();
  const searchId = useId();
  const [open, setOpen] = useState(filters.tags.length > 0);
  const { draft, apply, change } = useAppliedFilters(
    filters,
    (next) => blogFiltersToSearch({ q: next.q.trim(), tags: next.tags }),
    (search) => void navigate({ pathname: "/blog", search }, { replace: true, preventScrollReset: true }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply(draft);
  }

  const searchBox = useRef<HTMLInputElement>(null);
  const selectedCount = draft.tags.length;
  const anythingToClear = selectedCount > 0 || draft.q.trim() !== "";

  /** 'Clear all' clears what it says: the tags and the search text, and so the address. */
  function clearAll() {
    change({ ...draft, q: "", tags: [] });
    // The button goes with the filters: the visitor carries on from the search box.
    searchBox.current?.focus();
  }

  return (
    <Form method="get" action="/blog" role="search" aria-label="Search the blog" onSubmit={enhanced ? onSubmit : undefined} className="rounded-2xl border border-ink-100 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <label htmlFor={searchId} className="sr-only">
            Search articles
          </label>
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-ink-600" />
          <input
            ref={searchBox}
            id={searchId}
            type="search"
            name="q"
            placeholder="Search articles..."
            autoComplete="off"
            enterKeyHint="search"
            maxLength={MAX_SEARCH_LENGTH}
            value={draft.q}
            onChange={(event) => change({ ...draft, q: event.currentTarget.value }, SEARCH_DEBOUNCE_MS)}
            className="h-12 w-full rounded-xl border border-ink-200 bg-white pr-3 pl-11 text-base text-ink-900 placeholder:text-ink-600 hover:border-ink-500 focus:border-ink-900 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-sun-500"
          />
        </div>
        <div className="flex gap-3">
          <button type="submit" className={buttonClasses("dark", "md", "h-12 flex-1 cursor-pointer sm:flex-none")}>
            Search
          </button>
          {tags.length > 0 && (
            <button
              id={TOGGLE_ID}
              type="button"
              aria-expanded={open}
              aria-controls={PANEL_ID}
              onClick={() => setOpen(!open)}
              className={clsx(
                "inline-flex h-12 flex-1 cursor-pointer items-center justify-center gap-2 rounded-xl border px-4 text-sm font-semibold transition-colors sm:flex-none",
                open ? "border-ink-900 bg-ink-900 text-white" : "border-ink-200 bg-white text-ink-900 hover:border-ink-500",
              )}
            >
              <SlidersHorizontal aria-hidden="true" className="size-4" />
              Filters
              {selectedCount > 0 && (
                <span className={clsx("rounded-full px-2 py-0.5 text-xs", open ? "bg-sun-500 text-ink-950" : "bg-ink-900 text-white")}>
                  <span className="sr-only">, </span>
                  {selectedCount}
                  <span className="sr-only"> selected</span>
                </span>
              )}
            </button>
          )}
        </div>
      </div>

      {tags.length > 0 && (
        <div id={PANEL_ID} className={clsx("mt-4 border-t border-ink-100 pt-4", !open && "hidden")}>
          <fieldset>
            {/* The legend is the fieldset's first child, as HTML requires; 'Clear all' floats beside it. */}
            <legend className="float-left text-sm font-semibold text-ink-900">Filter by topic</legend>
            <div className="flex justify-end">
              {anythingToClear &&
                (enhanced ? (
                  <button type="button" onClick={clearAll} className="cursor-pointer text-sm font-semibold text-ink-800 underline underline-offset-4 hover:text-ink-950">
                    Clear all
                  </button>
                ) : (
                  <Link to="/blog" className="text-sm font-semibold text-ink-800 underline underline-offset-4 hover:text-ink-950">
                    Clear all
                  </Link>
                ))}
            </div>
            <ul className="clear-both mt-3 flex flex-wrap gap-2">
              {tags.map((tag) => {
                const checked = draft.tags.includes(tag);
                return (
                  <li key={tag}>
                    <label className="relative block cursor-pointer">
                      <input type="checkbox" name="tag" value={tag} checked={checked} onChange={() => change(toggleTag(draft, tag))} className="peer sr-only" />
                      <span
                        className={clsx(
                          "inline-flex items-center gap-1.5 rounded-full border px-3.5 py-2 text-sm font-medium transition-colors peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sun-500",
                          checked ? "border-ink-900 bg-ink-900 text-white" : "border-ink-200 bg-white text-ink-800 hover:border-ink-500",
                        )}
                      >
                        {checked && <Check aria-hidden="true" className="size-3.5" />}
                        {tag}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          {!enhanced && (
            <button type="submit" className={buttonClasses("secondary", "md", "mt-4 cursor-pointer")}>
              Apply filters
            </button>
          )}
        </div>
      )}
      {enhanced && selectedCount > 0 && !open && (
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-ink-700">
          {draft.tags.map((tag) => (
            <button
              key={tag}
              type="button"
              onClick={() => change(toggleTag(draft, tag))}
              className="inline-flex cursor-pointer items-center gap-1 rounded-full bg-ink-50 px-3 py-1 font-medium text-ink-900 hover:bg-ink-100"
            >
              {tag}
              <X aria-hidden="true" className="size-3.5" />
              <span className="sr-only">(remove filter)</span>
            </button>
          ))}
        </div>
      )}
    </Form>
  );
}
