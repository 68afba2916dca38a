import { CalendarOff, Pencil } from "lucide-react";
import { DataTable, type Column } from "~/components/admin/data-table.tsx";
import { IconActionLink } from "~/components/admin/icon-action.tsx";
import { EmptyState } from "~/components/admin/load-error.tsx";
import { StatusBadge } from "~/components/admin/status-badge.tsx";
import { useSearchHref } from "~/components/admin/url-state.ts";
import { takesText, weeklyHoursText } from "../rules.ts";
import type { WeeklySpan } from "../schema.ts";

export type ConsultantListRow = {
  id: string;
  name: string;
  email: string;
  timeZone: string;
  meetingUrl: string | null;
  takesPaid: boolean;
  takesFree: boolean;
  isActive: boolean;
  hours: readonly WeeklySpan[];
};

/** The consultants, active first: who they are, what they take, their week and their zone. */
export function ConsultantsTable({ consultants }: { consultants: readonly ConsultantListRow[] }) {
  const href = useSearchHref();
  const columns: Array<Column<ConsultantListRow>> = [
    {
      key: "name",
      header: "Consultant",
      cell: (consultant) => (
        <div className="flex min-w-40 flex-col gap-1">
          <span className="flex flex-wrap items-center gap-2 font-semibold text-ink-950">
            {consultant.name}
            {consultant.isActive ? null : <StatusBadge tone="grey">Inactive</StatusBadge>}
          </span>
          <span className="break-all text-ink-700">{consultant.email}</span>
        </div>
      ),
    },
    { key: "takes", header: "Takes", cell: (consultant) => takesText(consultant) },
    { key: "hours", header: "Weekly hours", cell: (consultant) => <span className="text-ink-800">{weeklyHoursText(consultant.hours)}</span> },
    { key: "zone", header: "Time zone", cell: (consultant) => consultant.timeZone },
    {
      key: "room",
      header: "Meeting room",
      cell: (consultant) => (consultant.meetingUrl ? <span className="break-all">{consultant.meetingUrl}</span> : <span className="text-ink-700">Made per meeting</span>),
    },
    {
      key: "actions",
      header: "Actions",
      cell: (consultant) => (
        <div className="flex gap-1">
          <IconActionLink to={href({ edit: consultant.id, new: null, dates: null })} icon={Pencil} label={`Edit ${consultant.name}`} />
          <IconActionLink to={href({ dates: consultant.id, new: null, edit: null })} icon={CalendarOff} label={`Days off and changed hours of ${consultant.name}`} />
        </div>
      ),
    },
  ];
  return (
    <DataTable
      caption="Consultants and their hours"
      columns={columns}
      rows={consultants}
      rowKey={(consultant) => consultant.id}
      empty={<EmptyState title="No consultants yet" detail="Add the staff who take consultations, with the hours they work." />}
    />
  );
}
