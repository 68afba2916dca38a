import { ArrowRight, UserCheck } from "lucide-react";
import { Link } from "react-router";
import { formatAdminDate } from "~/components/admin/dates.ts";
import type { DoorAttendance } from "../checkin.server.ts";
import { attendanceLabel, checkInPath } from "../rules.ts";

/** The dashboard's door figure (docs/decisions/025): today's seminar, else the latest one held. */
export function DoorAttendanceCard({ door }: { door: DoorAttendance }) {
  const when = door.today ? "Today" : `Last seminar, ${formatAdminDate(`${door.seminar.seminarDate}T12:00:00Z`)}`;
  return (
    <section aria-labelledby="door-attendance-heading" className="rounded-xl border border-ink-100 bg-white p-4 shadow-sm">
      <h2 id="door-attendance-heading" className="font-sans text-sm font-semibold tracking-normal text-ink-700">
        At the door · {when}
      </h2>
      <p className="mt-1 font-semibold text-ink-950">
        {door.seminar.title} ({door.seminar.city})
      </p>
      <p className="mt-1 flex items-center gap-2 text-2xl font-semibold text-ink-950 tabular-nums" data-testid="dashboard-door-count">
        <UserCheck aria-hidden="true" className="size-6" />
        {attendanceLabel(door)}
      </p>
      <Link to={checkInPath(door.seminar.id)} className="mt-2 inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-ink-900 underline-offset-2 hover:underline">
        Open the door check-in
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </section>
  );
}
