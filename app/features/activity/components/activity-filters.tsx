import { Form, Link } from "react-router";
import { bookingReference } from "~/lib/ids.ts";
import { AdminSearchFields } from "~/components/admin/search-form.tsx";
import { searchWith } from "~/components/admin/url-state.ts";
import { entityTypes, type ActivityQuery } from "../rules.ts";

const selectClasses =
  "mt-1 block w-52 rounded-lg border border-ink-300 bg-white px-3 py-2 text-sm text-ink-950 hover:border-ink-500 focus-visible:border-ink-900";

/** The activity screen's filters: a GET form (the URL holds them), so it works without JavaScript. */
export function ActivityFilters({ query, actors }: { query: ActivityQuery; actors: ReadonlyArray<{ id: string; name: string }> }) {
  const clearHref = `/admin/activity${searchWith("", { type: query.entityType ?? null, entity: query.entityId ?? null, actor: query.actorId ?? null })}`;
  return (
    <>
      {query.entityId ? <OneRecordNotice query={query} /> : null}
      <Form method="get" action="/admin/activity" role="search" aria-label="Filter the activity" className="flex flex-wrap items-end gap-3">
        {query.entityId ? <input type="hidden" name="entity" value={query.entityId} /> : null}
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
    </>
  );
}

/** A record's history reached from its own screen (a booking's "History" link): which record, and the way back to everything. */
function OneRecordNotice({ query }: { query: ActivityQuery }) {
  const kind = query.entityType ? entityTypes[query.entityType].toLowerCase() : "record";
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-sky-50 px-4 py-3 text-sm text-ink-900" data-testid="one-record">
      <span>
        Showing the history of {kind} <span className="font-mono font-semibold">{bookingReference(query.entityId!)}</span> only.
      </span>
      <Link to="/admin/activity" className="font-semibold underline underline-offset-4">
        Show all activity
      </Link>
    </p>
  );
}
