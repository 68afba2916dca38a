import { Form } from "react-router";
import { AdminSearchFields } from "~/components/admin/search-form.tsx";
import { searchWith } from "~/components/admin/url-state.ts";
import { entityTypes, type ActivityQuery } from "../rules.ts";

const selectClasses =
  "mt-1 block w-52 rounded-lg border border-ink-300 bg-white px-3 py-2 text-sm text-ink-950 hover:border-ink-500 focus-visible:border-ink-900";

/** The activity screen's filters: a GET form (the URL holds them), so it works without JavaScript. */
export function ActivityFilters({ query, actors }: { query: ActivityQuery; actors: ReadonlyArray<{ id: string; name: string }> }) {
  const clearHref = `/admin/activity${searchWith("", { type: query.entityType ?? null, actor: query.actorId ?? null })}`;
  return (
    <Form method="get" action="/admin/activity" role="search" aria-label="Filter the activity" className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor="activity-type" className="block text-xs font-semibold tracking-wide text-ink-800 uppercase">
          Record
        </label>
        <select id="activity-type" name="type" defaultValue={query.entityType ?? ""} className={selectClasses}>
          <option value="">Every kind of record</option>
          {Object.entries(entityTypes).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="activity-actor" className="block text-xs font-semibold tracking-wide text-ink-800 uppercase">
          Who
        </label>
        <select id="activity-actor" name="actor" defaultValue={query.actorId ?? ""} className={selectClasses}>
          <option value="">Everyone</option>
          {actors.map((actor) => (
            <option key={actor.id} value={actor.id}>
              {actor.name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-64 flex-1 items-center gap-2">
        <AdminSearchFields label="Search the activity" placeholder="Search what happened or who did it" name="q" defaultValue={query.q} clearHref={clearHref} />
      </div>
    </Form>
  );
}
