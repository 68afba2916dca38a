import { UserCheck } from "lucide-react";
import { formatAdminTime } from "~/components/admin/dates.ts";
import type { BookingCheckIn } from "../checkin.server.ts";

/** A booking's seats at the door, in the attendee list: "Checked in: 1 of 3", and who came in when. */
export function DoorCheckIns({ checkIns }: { checkIns: BookingCheckIn[] }) {
  if (checkIns.length === 0) return null;
  const came = checkIns.filter((seat) => seat.checkedInAt);
  return (
    <p className="mt-1 flex flex-wrap items-center gap-1 text-xs text-ink-800" data-testid="attendee-check-ins">
      <UserCheck aria-hidden="true" className="size-3.5" />
      <span className="font-semibold">
        Checked in: {came.length} of {checkIns.length}
      </span>
      {came.length > 0 ? <span>({came.map((seat) => `${seat.attendeeName} at ${formatAdminTime(seat.checkedInAt)} by ${seat.checkedInBy ?? "staff"}`).join("; ")})</span> : null}
    </p>
  );
}
