import { formatAdminDateTime } from "~/components/admin/dates.ts";
import type { ActivityView } from "../service.server.ts";
import { ActivityChanges } from "./activity-table.tsx";

/** A record's history, newest first: who changed what, and when (read from the activity log). */
export function RecordHistory({ entries, headingId, title = "History" }: { entries: readonly ActivityView[]; headingId: string; title?: string }) {
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-ink-100 bg-white p-4">
      <h3 id={headingId} className="text-base font-semibold text-ink-950">
        {title}
      </h3>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-ink-700">No changes recorded yet.</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {entries.map((entry) => (
            <li key={entry.id} className="border-l-2 border-ink-200 pl-3 text-sm">
              <p className="text-ink-950">{entry.summary}</p>
              <ActivityChanges changes={entry.changes} />
              <p className="mt-0.5 text-xs text-ink-700">
                {entry.actorName}
                {entry.ip ? ` from ${entry.ip}` : ""} · <time dateTime={entry.at}>{formatAdminDateTime(entry.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
