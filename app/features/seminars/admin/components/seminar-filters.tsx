import { useRef } from "react";
import { Form, useNavigate } from "react-router";
import { AdminSearchFields } from "~/components/admin/search-form.tsx";
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
        <AdminSearchFields
          label="Search seminars"
          placeholder="Search seminars..."
          name="q"
          defaultValue={query.q}
          clearHref={`/admin/seminars${seminarListSearch({ ...query, q: "", page: 1 })}`}
        />
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
