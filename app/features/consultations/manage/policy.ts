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

export type OnlineChanges =
  | { allowed: true; refundCents: number; until: Date }
  | { allowed: false; reason: "cancelled" | "not-confirmed" | "past" | "too-late"; until?: Date };

/** Whether the meeting can be moved or cancelled online now, until when, and what a cancellation refunds. */
export function onlineChanges(booking: ManageableBooking, now: Date, freeCancellationHours: number): OnlineChanges {
  if (isClosedStatus(booking.status)) return { allowed: false, reason: "cancelled" };
  if (booking.status !== "confirmed") return { allowed: false, reason: booking.status === "completed" ? "past" : "not-confirmed" };
  if (booking.startsAt <= now) return { allowed: false, reason: "past" };
  const until = booking.consultationType === "paid" ? new Date(booking.startsAt.getTime() - freeCancellationHours * 3_600_000) : booking.startsAt;
  if (now >= until) return { allowed: false, reason: "too-late", until };
  return { allowed: true, refundCents: booking.consultationType === "paid" && booking.isPaid ? booking.refundableCents : 0, until };
}
