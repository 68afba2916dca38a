import { seminarAttendee } from "../emails/queue.server.ts";
import type { Db } from "#db/client.ts";
import { recordActivity, type Actor } from "~/features/activity/service.server.ts";
import { queueEmail } from "~/features/mail/service.server.ts";
import { seminarReminderEmail } from "../emails/reminder.ts";
import { netPaidCents } from "~/features/payments/booking-money.ts";
import { ConflictError, NotFoundError } from "~/lib/errors.ts";
import { todayIn } from "~/lib/format.ts";
import { bookingReference } from "~/lib/ids.ts";
import { searchText } from "~/lib/search-text.ts";
import {
  bookingsOfSeminar,
  findBooking,
  findContact,
  findSeminar,
  insertAdminBooking,
  searchAddableContacts,
  standingBookingsOf,
  type AddableContact,
  type AdminBookingRow,
  type AdminSeminar,
} from "./queries.server.ts";
import { bookingState, isPastSeminar, type BookingState, type CancellationFacts } from "./rules.ts";
import { isCancellable } from "./cancellations.server.ts";
import { SeminarNotFoundError } from "../errors.ts";
import { hasFreeSeat, isLiveBooking } from "../seats/rules.ts";
import { changeSeatsTaken, lockSeats } from "../seats/seats.server.ts";
import { attendeeEntry } from "./activity-entries.ts";
import { reminderTicketLinks } from "../tickets/rules.ts";
import { issueTicketsAndConfirm, liveTicketsOfBooking } from "../tickets/tickets.server.ts";
import type { LinkSigner } from "~/lib/signed-links.server.ts";
import { checkInsByBooking, type BookingCheckIn } from "../checkin/checkin.server.ts";

// Manage Attendees (docs/product.md §3.6, §5.2): every booking of the seminar with its state,
// adding a contact as a confirmed (unpaid) attendee under the seminar's lock, and the attendee
// reminder e-mail. Cancelling a booking is in cancellations.server.ts.

export class SeminarAtCapacityError extends ConflictError {
  override name = "SeminarAtCapacityError";
  constructor() {
    super("This seminar is full: every seat is taken. Remove an attendee or raise Max attendees first.");
  }
}

export type AttendeeView = {
  bookingId: string;
  reference: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  status: string;
  isPaid: boolean;
  /** "Confirmed · Paid", "Held", "Cancelled · Refund due"... (rules.ts bookingState). */
  state: BookingState;
  /** Seats the booking takes, and the name on each (empty for bookings made before 0006). */
  seats: number;
  attendeeNames: string[];
  /** What was paid, and what would go back if it were cancelled now (paid less any refund made). */
  amountCents: number;
  refundableCents: number;
  /** Holds a seat now: confirmed, or an unpaid hold that has not lapsed. Reminders go to these. */
  hasSeat: boolean;
  /** Still standing (held or confirmed): staff may cancel it. */
  cancellable: boolean;
  /** Who cancelled it, when and why; null while it stands. */
  cancellation: CancellationFacts | null;
  bookedAt: string;
  /** Its tickets (not cancelled) and whether each came in at the door (docs/decisions/025). */
  checkIns: BookingCheckIn[];
};

export type SeminarAttendees = {
  seminar: Pick<AdminSeminar, "id" | "title" | "maxAttendees" | "currentAttendees" | "priceCents" | "isActive" | "seminarDate"> & { cancelledAt: string | null };
  attendees: AttendeeView[];
};

export function attendeeView(booking: AdminBookingRow, now: Date, checkIns: BookingCheckIn[] = []): AttendeeView {
  return {
    bookingId: booking.id,
    reference: bookingReference(booking.id),
    firstName: booking.firstName,
    lastName: booking.lastName,
    email: booking.email,
    phone: booking.phone,
    status: booking.status,
    isPaid: booking.isPaid,
    state: bookingState(booking, now),
    seats: booking.seats,
    attendeeNames: booking.attendeeNames,
    amountCents: booking.amountCents,
    refundableCents: netPaidCents(booking),
    hasSeat: isLiveBooking(booking, now),
    cancellable: isCancellable(booking),
    cancellation: booking.cancelledAt ? { cancelledAt: booking.cancelledAt.toISOString(), cancelledBy: booking.cancelledBy, cancelReason: booking.cancelReason } : null,
    bookedAt: booking.createdAt.toISOString(),
    checkIns,
  };
}

/** The seminar's bookings with their states, those holding a seat first. */
export async function attendeesOfSeminar(db: Db, seminarId: string, now = new Date()): Promise<SeminarAttendees | undefined> {
  const seminar = await findSeminar(db, seminarId);
  if (!seminar) return undefined;
  const bookings = await bookingsOfSeminar(db, seminarId);
  const checkIns = await checkInsByBooking(db, bookings.map((booking) => booking.id));
  const attendees = bookings.map((booking) => attendeeView(booking, now, checkIns.get(booking.id)));
  attendees.sort((a, b) => Number(b.hasSeat) - Number(a.hasSeat));
  const { id, title, maxAttendees, currentAttendees, priceCents, isActive, seminarDate, cancelledAt } = seminar;
  return { seminar: { id, title, maxAttendees, currentAttendees, priceCents, isActive, seminarDate, cancelledAt: cancelledAt ? cancelledAt.toISOString() : null }, attendees };
}

export const ADDABLE_CONTACTS_SHOWN = 50;

/** 'Add Attendees': contacts matching the search, without a standing booking of this seminar. */
export async function addableContacts(db: Db, seminarId: string, search: string): Promise<{ contacts: AddableContact[]; total: number }> {
  return searchAddableContacts(db, seminarId, searchText(search, 100), ADDABLE_CONTACTS_SHOWN);
}

/**
 * Adds a contact as an attendee: one transaction that locks the seminar, frees lapsed
 * holds, refuses a full seminar and a contact already booked, then writes a confirmed,
 * unpaid booking at the seminar's price with the contact's details, and takes the seat.
 */
export async function addAttendee(
  db: Db,
  actor: Actor,
  { seminarId, contactId }: { seminarId: string; contactId: string },
  { siteUrl, links, now = new Date() }: { siteUrl: string; links?: LinkSigner; now?: Date },
) {
  return db.transaction(async (tx) => {
    const locked = await lockSeats(tx, seminarId, { siteUrl, now });
    if (!locked) throw new SeminarNotFoundError();
    const { seminar } = locked;
    if (seminar.cancelledAt) throw new ConflictError("This seminar is cancelled, so no one can be added to it.");
    if (!hasFreeSeat(seminar)) throw new SeminarAtCapacityError();

    const contact = await findContact(tx, contactId);
    if (!contact) throw new NotFoundError("That contact no longer exists.");
    if ((await standingBookingsOf(tx, seminar.id, contact.id)).length > 0) {
      throw new ConflictError(`${contact.firstName} ${contact.lastName} is already booked on this seminar.`);
    }
    const booking = await insertAdminBooking(tx, { seminarId: seminar.id, amountCents: seminar.priceCents, contact });
    await changeSeatsTaken(tx, seminar.id, 1);
    // The attendee hears they have a seat (with the calendar invitation), and that the fee is still to pay.
    await issueTicketsAndConfirm(tx, booking, seminar, siteUrl, { addedByStaff: true, links });
    await recordActivity(tx, actor, attendeeEntry("add", booking.id, seminar));
    return booking;
  });
}

/** 'Send Reminder': queues the reminder e-mail to an attendee who holds a seat, and logs it in the same transaction. */
export async function sendAttendeeReminder(
  db: Db,
  actor: Actor,
  { seminarId, bookingId }: { seminarId: string; bookingId: string },
  { siteUrl, links, now = new Date() }: { siteUrl: string; links?: LinkSigner; now?: Date },
): Promise<{ to: string; emailId?: string }> {
  const [booking, seminar] = await Promise.all([findBooking(db, bookingId), findSeminar(db, seminarId)]);
  if (!seminar) throw new SeminarNotFoundError();
  if (!booking || booking.seminarId !== seminarId) throw new NotFoundError("That attendee is no longer on this seminar.");
  if (!isLiveBooking(booking, now)) throw new ConflictError("Reminders go to attendees who hold a seat; this booking no longer does.");
  if (isPastSeminar(seminar, todayIn("Africa/Johannesburg", now))) throw new ConflictError("This seminar has already taken place, so there is nothing to remind anyone of.");
  const queued = await db.transaction(async (tx) => {
    const tickets = reminderTicketLinks(await liveTicketsOfBooking(tx, booking.id), siteUrl);
    const email = await queueEmail(tx, seminarReminderEmail(seminarAttendee(booking, seminar, siteUrl, links), { tickets }));
    await recordActivity(tx, actor, attendeeEntry("remind", booking.id, seminar));
    return email;
  });
  return { to: booking.email, emailId: queued.id };
}
