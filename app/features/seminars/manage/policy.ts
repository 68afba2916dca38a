import { netPaidCents, type BookingMoney } from "~/features/payments/booking-money.ts";
import { seminarStart } from "../reminders.ts";

// "Manage my booking" (docs/decisions/026): when a customer may still cancel online, and what
// one seat of a group is worth. Pure, so the page, the server and the tests share one rule.

const HOUR_MS = 60 * 60 * 1000;

type Dated = { seminarDate: string; seminarTime: string };

/** The last instant a booking can be cancelled online with a full refund: `hours` before the start (South African time). */
export function freeCancellationDeadline(seminar: Dated, hours: number): Date {
  return new Date(seminarStart(seminar).getTime() - hours * HOUR_MS);
}

/** Before the deadline (strictly): at exactly `hours` before the start, online cancelling has closed. */
export function canCancelOnline(seminar: Dated, hours: number, now: Date): boolean {
  return now.getTime() < freeCancellationDeadline(seminar, hours).getTime();
}

/** Names can be changed until the seminar starts. */
export function hasStarted(seminar: Dated, now: Date): boolean {
  return now.getTime() >= seminarStart(seminar).getTime();
}

/**
 * One seat's share of what was paid for `seatsBooked` seats, in whole cents, rounded down:
 * each seat cancelled on its own gives back the share, and cancelling the rest of the booking
 * gives back whatever remains, so the rounding cents go back with the last seat and the
 * refunds together never exceed what was paid.
 */
export function seatShareCents(amountCents: number, seatsBooked: number): number {
  if (seatsBooked < 1) return 0;
  return Math.floor(amountCents / seatsBooked);
}

/** The seats a booking was bought for: its tickets, cancelled ones included, or its seats before any were issued. */
export function seatsBooked(booking: { seats: number }, ticketsIssued: number): number {
  return Math.max(ticketsIssued, booking.seats);
}

/** What cancelling one seat gives back now: the seat's share of what was paid, never more than the booking still holds. */
export function seatRefundCents(booking: Pick<BookingMoney, "isPaid" | "amountCents" | "refundedCents"> & { seats: number }, ticketsIssued: number): number {
  return Math.min(seatShareCents(booking.amountCents, seatsBooked(booking, ticketsIssued)), netPaidCents(booking));
}
