import { moneyState, moneyStateLabels, type BookingMoney } from "~/features/payments/booking-money.ts";
import { formatLongDate, formatTime } from "~/lib/format.ts";
import { isLiveBooking } from "../seats/rules.ts";

// Pure rules of the admin seminar screens: what a badge says, what a card shows when a
// field is missing, what the CSV export writes. No I/O, so the browser and tests share them.

export type BookingStateTone = "held" | "confirmed" | "unpaid" | "refund_due" | "refunded" | "cancelled";
/** A booking's life and money in one label: "Confirmed · Paid", "Held", "Cancelled · Refund due"... */
export type BookingState = { label: string; tone: BookingStateTone };

export type BookingStateFacts = BookingMoney & { status: string; holdExpiresAt: Date | string | null };

/**
 * What every admin view, filter and CSV calls a seminar booking (docs/decisions/015): its life
 * (Held, Hold lapsed, Confirmed, Cancelled) and its money from the one money rule
 * (payments/booking-money.ts). A live unpaid hold is simply "Held".
 */
export function bookingState(booking: BookingStateFacts, now: Date): BookingState {
  const money = moneyState(booking);
  const moneyLabel = moneyStateLabels[money];
  if (booking.status === "pending") {
    if (booking.isPaid) return { label: `Pending · ${moneyLabel}`, tone: "held" };
    return isLiveBooking(booking, now) ? { label: "Held", tone: "held" } : { label: "Hold lapsed", tone: "cancelled" };
  }
  if (booking.status === "confirmed") return { label: `Confirmed · ${moneyLabel}`, tone: money === "unpaid" ? "unpaid" : money === "refund_due" ? "refund_due" : "confirmed" };
  // `refunded` is the status of a booking whose money all went back: cancelled, whatever its columns say.
  if (booking.status === "refunded") return { label: "Cancelled · Refunded", tone: "refunded" };
  const tone: BookingStateTone = money === "refund_due" ? "refund_due" : money === "refunded" || money === "partly_refunded" ? "refunded" : "cancelled";
  return { label: `Cancelled · ${moneyLabel}`, tone };
}

/** A cancellation as staff read it: "Cancelled 5 Mar 2026, 14:05 by Zanele Dube: Venue flooded". */
export type CancellationFacts = { cancelledAt: string | null; cancelledBy: string | null; cancelReason: string | null };

/** A contact may be added unless a booking of theirs for this seminar is still standing. */
export function blocksNewBooking(booking: { status: string }): boolean {
  return booking.status !== "cancelled";
}

/** A seminar dated before today (South Africa): no reminders for it. */
export function isPastSeminar(seminar: { seminarDate: string }, today: string): boolean {
  return seminar.seminarDate < today;
}

/** "title - 12 / 30 attendees", the Manage Attendees header (docs/product.md §3.6). */
export function attendeesHeading(seminar: { title: string; maxAttendees: number; currentAttendees: number }): string {
  return `${seminarTitleLabel(seminar.title)} - ${seminar.currentAttendees} / ${seminar.maxAttendees} attendees`;
}

// Fallback labels (docs/product.md §10.5).
export function seminarTitleLabel(title: string | null | undefined): string {
  return title?.trim() ? title.trim() : "Untitled Seminar";
}

export function seminarLocationLabel(seminar: { location?: string | null; venueName?: string | null; city?: string | null }): string {
  const location = seminar.location?.trim();
  if (location) return location;
  const parts = [seminar.venueName, seminar.city].map((part) => part?.trim()).filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : "Location not specified";
}

export function seminarDateLabel(isoDate: string | null | undefined): string {
  if (!isoDate?.trim()) return "Date not specified";
  return formatLongDate(isoDate.trim()) ?? "Invalid date format";
}

/** "5 December 2026 at 18:00", or the date fallback alone. */
export function seminarWhenLabel(seminar: { seminarDate: string | null; seminarTime: string | null }): string {
  const date = seminarDateLabel(seminar.seminarDate);
  if (!seminar.seminarDate || date === "Invalid date format" || !seminar.seminarTime) return date;
  return `${date} at ${formatTime(seminar.seminarTime)}`;
}

