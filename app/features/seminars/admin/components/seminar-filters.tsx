import { Form, useNavigate } from "react-router";
import { AdminSearchFields } from "~/components/admin/search-form.tsx";
import { seminarListSearch, seminarListViewLabels, seminarListViews, type SeminarListQuery, type SeminarListView } from "../schema.ts";

/**
 * 'Search seminars...' (title, description, location) and 'Show' (active seminars by default;
 * all, inactive ones, or the cancelled ones, which are archived), both in the URL. A plain GET
 * form without JavaScript; with it, a changed 'Show' applies at once and the URL stays short.
 */
export function SeminarFilters({ query }: { query: SeminarListQuery }) {
  const navigate = useNavigate();

  function apply(form: HTMLFormElement) {
    const data = new FormData(form);
    const q = String(data.get("q") ?? "").trim();
    const shown = String(data.get("show") ?? "active");
    const show = (seminarListViews as readonly string[]).includes(shown) ? (shown as SeminarListView) : "active";
    void navigate(`/admin/seminars${seminarListSearch({ q, show, page: 1 })}`, { preventScrollReset: true });
  }

  return (
    <Form
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
        <label htmlFor="seminars-show" className="text-sm font-semibold text-ink-950">
          Show
        </label>
        <select
          key={query.show}
          id="seminars-show"
          name="show"
          defaultValue={query.show}
          onChange={(event) => event.currentTarget.form && apply(event.currentTarget.form)}
          className="rounded-lg border border-ink-300 bg-white px-3 py-2 text-sm text-ink-950 hover:border-ink-500 focus-visible:border-ink-900"
        >
          {seminarListViews.map((view) => (
            <option key={view} value={view}>
              {seminarListViewLabels[view]}
            </option>
          ))}
        </select>
      </div>
    </Form>
  );
}
