import { Link } from "react-router";
import { DataTable, type Column } from "~/components/admin/data-table.tsx";
import { formatAdminDateTime } from "~/components/admin/dates.ts";
import { EmptyState } from "~/components/admin/load-error.tsx";
import type { ActivityView } from "../service.server.ts";

/** The changes of one entry, as a list under its summary. */
export function ActivityChanges({ changes }: { changes: readonly string[] }) {
  if (changes.length === 0) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-xs text-ink-700">
      {changes.map((change) => (
        <li key={change} className="break-words">
          {change}
        </li>
      ))}
    </ul>
  );
}

/** Everything staff and the system did, newest first: when, who, what, and which record. */
export function ActivityTable({ entries, filtered }: { entries: readonly ActivityView[]; filtered: boolean }) {
  const columns: ReadonlyArray<Column<ActivityView>> = [
    { key: "at", header: "When", className: "whitespace-nowrap text-ink-800", cell: (entry) => formatAdminDateTime(entry.at) },
    {
      key: "who",
      header: "Who",
      cell: (entry) => (
        <>
          <p className="font-semibold text-ink-950">{entry.actorName}</p>
          {entry.actorEmail && entry.actorEmail !== entry.actorName ? <p className="text-xs break-all text-ink-700">{entry.actorEmail}</p> : null}
          {entry.ip ? <p className="text-xs break-all text-ink-700">from {entry.ip}</p> : null}
        </>
      ),
    },
    {
      key: "what",
      header: "What",
      cell: (entry) => (
        <>
          <p className="text-ink-950">{entry.summary}</p>
          <ActivityChanges changes={entry.changes} />
        </>
      ),
    },
    {
      key: "record",
      header: "Record",
      cell: (entry) => (
        <>
          <p className="text-ink-900">{entry.entityLabel}</p>
          <p className="font-mono text-xs text-ink-700">{entry.action}</p>
        </>
      ),
    },
  ];
  return (
    <DataTable
      caption="What staff and the site did, newest first"
      columns={columns}
      rows={entries}
      rowKey={(entry) => String(entry.id)}
      minWidth="56rem"
      empty={
        filtered ? (
          <EmptyState title="Nothing matches these filters.">
            <Link to="/admin/activity" className="font-semibold text-ink-900 underline underline-offset-4">
              Show everything
            </Link>
          </EmptyState>
        ) : (
          <EmptyState title="Nothing has happened yet" detail="Every change staff make, and every sign-in, is recorded here." />
        )
      }
    />
  );
}
