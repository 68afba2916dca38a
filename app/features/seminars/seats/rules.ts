// The seat rules, pure and browser-safe: what a seminar has left, whether a booking holds a
// seat, how long a hold lasts. The server applies them under the seminar's lock
// (seats.server.ts); the pages use them to show the same answer.

/** An unpaid seat is held this long: the shortest expiry a hosted checkout allows (docs/product.md §11.2, docs/decisions/005). */
export const HOLD_MINUTES = 30;

/** When a hold taken now lapses. */
export function holdExpiry(now: Date): Date {
  return new Date(now.getTime() + HOLD_MINUTES * 60_000);
}

/** The hold outlives its checkout a little, so a payment made at the last second still finds its seat. */
const HOLD_GRACE_MS = 2 * 60_000;

/**
 * A checkout may renew a hold only within the hold's first HOLD_MINUTES: re-opening
 * checkouts cannot keep an unpaid seat for ever (after that the seat goes back on sale).
 */
export function canRenewHold(hold: { createdAt: Date }, now: Date): boolean {
  return now.getTime() <= hold.createdAt.getTime() + HOLD_MINUTES * 60_000;
}

/** The hold renewed for a checkout that expires at `checkoutExpiresAt`: it outlasts the checkout by the grace. */
export function renewedHoldExpiry(now: Date, checkoutExpiresAt: Date): Date {
  return new Date(Math.max(holdExpiry(now).getTime(), checkoutExpiresAt.getTime()) + HOLD_GRACE_MS);
}

/** A seminar's capacity and the seats taken (confirmed bookings and live holds). */
export type SeatCount = { maxAttendees: number; currentAttendees: number };

/** Seats still on sale. */
export function spotsLeft(seminar: SeatCount): number {
  return Math.max(0, seminar.maxAttendees - seminar.currentAttendees);
}

/** Seats one booking may take: a family moving together (docs/decisions/024). */
export const MAX_SEATS_PER_BOOKING = 6 as const;

/** Can `seats` more seats be taken? The one check behind booking, adding an attendee and a late payment. */
export function hasFreeSeat(seminar: SeatCount, seats = 1): boolean {
  return spotsLeft(seminar) >= seats;
}

/** The most seats one booking may choose now: never more than are left. */
export function seatsOnSale(seatsLeft: number): number {
  return Math.max(0, Math.min(MAX_SEATS_PER_BOOKING, seatsLeft));
}

/** A booking that occupies a seat (confirmed, or an unpaid hold that has not lapsed). */
export function isLiveBooking(booking: { status: string; isPaid: boolean; holdExpiresAt: Date | string | null }, now: Date): boolean {
  if (booking.status === "confirmed") return true;
  if (booking.status !== "pending" || booking.isPaid || booking.holdExpiresAt === null) return false;
  return new Date(booking.holdExpiresAt).getTime() > now.getTime();
}

/**
 * Why a hold was released, as `cancel_reason` records it (`cancelled_by` is "System" or
 * "Customer", docs/decisions/015). A released hold may take a seat again if its payment
 * arrives late; any other cancellation (staff's, a cancelled seminar's) is final.
 */
export const HOLD_RELEASE_REASONS = {
  lapsed: "Unpaid hold lapsed",
  checkoutExpired: "Checkout expired unpaid",
  leftCheckout: "Left the checkout unpaid",
} as const;

const holdReleaseReasons: readonly string[] = Object.values(HOLD_RELEASE_REASONS);

/** A hold its visitor let go unpaid (Cancel in the payment dialog or on the checkout page). */
export function isLeftUnpaid(booking: { status: string; isPaid: boolean; cancelReason: string | null } | undefined): boolean {
  return booking?.status === "cancelled" && !booking.isPaid && booking.cancelReason === HOLD_RELEASE_REASONS.leftCheckout;
}

/**
 * May a late payment give this cancelled booking its seat back (if one is free)? Only when the
 * booking was an unpaid hold that lapsed or was left, on a seminar that still takes place. A
 * cancellation made before reasons were kept (reason null) counts as a released hold.
 */
export function mayRetakeSeat(booking: { cancelReason: string | null }, seminar: { cancelledAt: Date | string | null }): boolean {
  return seminar.cancelledAt === null && (booking.cancelReason === null || holdReleaseReasons.includes(booking.cancelReason));
}
