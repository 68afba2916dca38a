import { Search, X } from "lucide-react";
import { useRef } from "react";
import { Form, Link, useNavigate } from "react-router";
import { seminarListSearch, type SeminarListQuery } from "../schema.ts";

/**
 * 'Search seminars...' (title, description, location) and 'Show active only' (on by
 * default), both in the URL. A plain GET form without JavaScript; with it, ticking the box
 * applies at once and the URL stays short.
 */
export function SeminarFilters({ query }: { query: SeminarListQuery }) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);

  function apply(form: HTMLFormElement) {
    const data = new FormData(form);
    const q = String(data.get("q") ?? "").trim();
    const activeOnly = data.getAll("active").at(-1) !== "0";
    void navigate(`/admin/seminars${seminarListSearch({ q, activeOnly, page: 1 })}`, { preventScrollReset: true });
  }

  return (
    <Form
      ref={formRef}
      method="get"
      action="/admin/seminars"
      role="search"
      aria-label="Seminars"
      onSubmit={(event) => {
        event.preventDefault();
        apply(event.currentTarget);
      }}
      className="flex flex-wrap items-center gap-x-4 gap-y-3"
    >
      <div className="flex w-full max-w-xl min-w-0 items-center gap-2">
        <div className="relative min-w-0 flex-1">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-500" />
          <input
            key={query.q}
            type="search"
            name="q"
            defaultValue={query.q}
            placeholder="Search seminars..."
            aria-label="Search seminars"
            maxLength={100}
            className="block w-full rounded-lg border border-ink-300 bg-white py-2 pr-3 pl-9 text-sm text-ink-950 placeholder:text-ink-500 hover:border-ink-500 focus-visible:border-ink-900"
          />
        </div>
        <button type="submit" className="inline-flex cursor-pointer items-center rounded-lg bg-ink-900 px-4 py-2 text-sm font-semibold text-white hover:bg-ink-800">
          Search
        </button>
        {query.q ? (
          <Link
            to={`/admin/seminars${seminarListSearch({ ...query, q: "", page: 1 })}`}
            className="inline-flex items-center gap-1 rounded-lg px-2 py-2 text-sm font-semibold text-ink-800 hover:bg-ink-100"
          >
            <X aria-hidden="true" className="size-4" />
            Clear<span className="sr-only"> search</span>
          </Link>
        ) : null}
      </div>
      <div className="flex items-center gap-2">
        {/* Unticked, the box sends nothing: this hidden 0 says so; ticked, its 1 comes after and wins. */}
        <input type="hidden" name="active" value="0" />
        <input
          key={String(query.activeOnly)}
          id="seminars-active-only"
          type="checkbox"
          name="active"
          value="1"
          defaultChecked={query.activeOnly}
          onChange={(event) => event.currentTarget.form && apply(event.currentTarget.form)}
          className="size-4 rounded border-ink-300 accent-ink-900"
        />
        <label htmlFor="seminars-active-only" className="text-sm font-semibold text-ink-950">
          Show active only
        </label>
      </div>
    </Form>
  );
}
