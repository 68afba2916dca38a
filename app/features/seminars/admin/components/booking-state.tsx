import { Link } from "react-router";
import { formatAdminDateTime } from "~/components/admin/dates.ts";
import { bookingReference } from "~/lib/ids.ts";
import { StatusBadge, type BadgeTone } from "~/components/admin/status-badge.tsx";
import type { BookingState, BookingStateTone, CancellationFacts } from "../rules.ts";

const tones: Record<BookingStateTone, BadgeTone> = {
  confirmed: "green",
  held: "amber",
  unpaid: "amber",
  refund_due: "red",
  refunded: "blue",
  cancelled: "grey",
};

/** A booking's state badge (docs/decisions/015): "Confirmed · Paid", "Held", "Cancelled · Refund due"... */
export function BookingStateBadge({ state }: { state: BookingState }) {
  return <StatusBadge tone={tones[state.tone]}>{state.label}</StatusBadge>;
}

/** "Cancelled 5 Mar 2026, 14:05 by Zanele Dube: Venue flooded", under a cancelled booking's state. */
export function CancellationNote({ cancellation, className }: { cancellation: CancellationFacts; className?: string }) {
  return (
    <p className={className ?? "mt-1 text-xs text-ink-700"} data-testid="cancellation-note">
      Cancelled {formatAdminDateTime(cancellation.cancelledAt)}
      {cancellation.cancelledBy ? ` by ${cancellation.cancelledBy}` : ""}
      {cancellation.cancelReason ? (
        <>
          : <span className="break-words text-ink-800">{cancellation.cancelReason}</span>
        </>
      ) : null}
    </p>
  );
}

/** A booking's "History": the activity log filtered to that one booking. */
export function BookingHistoryLink({ bookingId, className }: { bookingId: string; className?: string }) {
  return (
    <Link to={`/admin/activity?type=seminar_booking&entity=${bookingId}`} className={className ?? "flex min-h-6 items-center text-xs font-semibold text-ink-900 underline underline-offset-2"}>
      History<span className="sr-only"> of booking {bookingReference(bookingId)}</span>
    </Link>
  );
}
