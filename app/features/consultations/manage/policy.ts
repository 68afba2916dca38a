import { isClosedStatus } from "../rules.ts";

// What a client may do with a booked consultation online (issue 17), pure so the page and the
// server read the same rule. A meeting can be moved or cancelled online until the cut-off
// before it (CONSULTATION_FREE_CANCELLATION_HOURS; a paid consultation cancelled by then is
// refunded in full); a free call until it starts. After that, the client writes to us.

export type ManageableBooking = {
  status: string;
  consultationType: "paid" | "free";
  isPaid: boolean;
  startsAt: Date;
  /** What was paid and not yet given back. */
  refundableCents: number;
};

/** Why a meeting can no longer be moved or cancelled online. */
export type ClosedChangesReason = "cancelled" | "not-confirmed" | "past" | "too-late";

export type OnlineChanges = { allowed: true; refundCents: number; until: Date } | { allowed: false; reason: ClosedChangesReason; until?: Date };

/** Why online changes are closed, in the client's words: the manage page shows it, the server refuses with it. */
export const CLOSED_CHANGES_TEXT: Record<ClosedChangesReason, string> = {
  cancelled: "This booking was cancelled, so it cannot be changed. You are welcome to book again.",
  "not-confirmed": "This booking is not confirmed yet, so it cannot be changed online. Please reply to your confirmation e-mail.",
  past: "This meeting has already taken place.",
  "too-late": "Online changes have closed for this meeting. Reply to your confirmation e-mail and we'll help.",
};

/** Whether the meeting can be moved or cancelled online now, until when, and what a cancellation refunds. */
export function onlineChanges(booking: ManageableBooking, now: Date, freeCancellationHours: number): OnlineChanges {
  if (isClosedStatus(booking.status)) return { allowed: false, reason: "cancelled" };
  if (booking.status !== "confirmed") return { allowed: false, reason: booking.status === "completed" ? "past" : "not-confirmed" };
  if (booking.startsAt <= now) return { allowed: false, reason: "past" };
  const until = booking.consultationType === "paid" ? new Date(booking.startsAt.getTime() - freeCancellationHours * 3_600_000) : booking.startsAt;
  if (now >= until) return { allowed: false, reason: "too-late", until };
  return { allowed: true, refundCents: booking.consultationType === "paid" && booking.isPaid ? booking.refundableCents : 0, until };
}
