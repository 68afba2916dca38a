import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { cancellation, contactDetails, createdAt, id, refundState, updatedAt, version } from "./columns.ts";
import { users } from "./contacts.ts";
import { personSearchText } from "./search.ts";
import { consultationStatuses, consultationTypes, preferredTimes, seminarBookingStatuses, waitlistStatuses } from "./enums.ts";

export { consultationStatuses, consultationTypes, preferredTimes, seminarBookingStatuses };
import { seminars } from "./seminars.ts";
import { consultants } from "./consultants.ts";


export const seminarBookings = pgTable(
  "seminar_bookings",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    seminarId: uuid("seminar_id")
      .notNull()
      .references(() => seminars.id, { onDelete: "restrict" }),
    ...contactDetails(),
    notes: text("notes"),
    /** Seats this booking takes (a family moving together): capacity counts seats (docs/decisions/024). */
    seats: smallint("seats").notNull().default(1),
    /** One name per seat, as the booker gave them; each confirmed seat's ticket carries its name. Empty before 0006. */
    attendeeNames: jsonb("attendee_names").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    status: text("status", { enum: seminarBookingStatuses }).notNull().default("pending"),
    isPaid: boolean("is_paid").notNull().default(false),
    /** The price of all its seats (the seminar's price × seats when they were taken), in ZAR cents. */
    amountCents: integer("amount_cents").notNull().default(0),
    /** An unpaid hold lapses at this instant and frees its seat. */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    paymentSessionId: text("payment_session_id").unique(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    ...cancellation(),
    ...refundState(),
    createdAt: createdAt(),
    version: version(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("seminar_bookings_seminar_idx").on(table.seminarId),
    index("seminar_bookings_user_idx").on(table.userId),
    index("seminar_bookings_hold_idx").on(table.holdExpiresAt).where(sql`${table.status} = 'pending'`),
    index("seminar_bookings_created_idx").on(sql`${table.createdAt} desc`, sql`${table.id} desc`),
    index("seminar_bookings_paid_idx").on(table.paidAt).where(sql`${table.paidAt} is not null`),
    index("seminar_bookings_search_trgm_idx").using("gin", sql`${personSearchText(table)} gin_trgm_ops`),
    check(
      "seminar_bookings_status_check",
      sql`${table.status} in ('pending', 'confirmed', 'cancelled', 'refunded')`,
    ),
    check("seminar_bookings_amount_check", sql`${table.amountCents} >= 0`),
    check("seminar_bookings_seats_check", sql`${table.seats} between 1 and 6`),
    check(
      "seminar_bookings_attendee_names_check",
      sql`jsonb_typeof(${table.attendeeNames}) = 'array' and jsonb_array_length(${table.attendeeNames}) in (0, ${table.seats})`,
    ),
    check("seminar_bookings_refunded_check", sql`${table.refundedCents} >= 0 and ${table.refundedCents} <= ${table.amountCents}`),
    check("seminar_bookings_preferred_contact_check", sql`${table.preferredContact} in ('email', 'phone', 'whatsapp')`),
  ],
);

/**
 * Seats sold by South African calendar month (docs/decisions/034): a booking counts its seats
 * in the month it was paid while it is paid and not wholly refunded. Kept by the database: a
 * deferred trigger on seminar_bookings moves a booking's seats in or out at commit.
 */
export const seminarSalesMonths = pgTable("seminar_sales_months", {
  /** The first day of the month in Africa/Johannesburg. */
  month: date("month").primaryKey(),
  seats: integer("seats").notNull(),
  bookings: integer("bookings").notNull(),
});

/**
 * One confirmed seat's ticket: created with the booking's confirmation, one per seat, never
 * deleted (a cancelled booking's tickets say so). The code is the ticket page's address and the
 * QR code's content, so it is unguessable: 128 random bits or more, base64url (docs/decisions/024).
 */
export const seminarTickets = pgTable(
  "seminar_tickets",
  {
    id: id(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => seminarBookings.id, { onDelete: "restrict" }),
    seminarId: uuid("seminar_id")
      .notNull()
      .references(() => seminars.id, { onDelete: "restrict" }),
    seatNumber: smallint("seat_number").notNull(),
    attendeeName: text("attendee_name").notNull(),
    code: text("code").notNull().unique(),
    createdAt: createdAt(),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    checkedInBy: text("checked_in_by"),
    /** One seat of a group given back on its own (the booking's seats drop by one); the ticket stays on record. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** The admin's name or "Customer", as they were called then. */
    cancelledBy: text("cancelled_by"),
  },
  (table) => [
    unique("seminar_tickets_booking_seat_unique").on(table.bookingId, table.seatNumber),
    index("seminar_tickets_seminar_idx").on(table.seminarId),
    check("seminar_tickets_seat_number_check", sql`${table.seatNumber} between 1 and 6`),
    check("seminar_tickets_code_check", sql`${table.code} ~ '^[A-Za-z0-9_-]{22,}$'`),
  ],
);

/**
 * A full seminar's waitlist, in line order (`position`, smallest first; staff may reorder). When
 * seats free up, the first entries that fit are offered them: the offer is a held booking
 * (`offer_booking_id`, status pending, its hold lasting until `offer_expires_at`), so offers and
 * ordinary bookings take seats through the same conditional update (docs/decisions/022).
 * Never deleted: an entry changes state.
 */
export const seminarWaitlistEntries = pgTable(
  "seminar_waitlist_entries",
  {
    id: id(),
    seminarId: uuid("seminar_id")
      .notNull()
      .references(() => seminars.id, { onDelete: "restrict" }),
    /** The contact (users row) this person is, found or created by e-mail as for a booking. */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    ...contactDetails(),
    seats: smallint("seats").notNull().default(1),
    position: integer("position").notNull(),
    status: text("status", { enum: waitlistStatuses }).notNull().default("waiting"),
    offerBookingId: uuid("offer_booking_id").references(() => seminarBookings.id, { onDelete: "restrict" }),
    offeredAt: timestamp("offered_at", { withTimezone: true }),
    offerExpiresAt: timestamp("offer_expires_at", { withTimezone: true }),
    /** Who withdrew the entry (an admin's name or "Customer"), and when. */
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    withdrawnBy: text("withdrawn_by"),
    createdAt: createdAt(),
    version: version(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("seminar_waitlist_line_idx").on(table.seminarId, table.status, table.position),
    index("seminar_waitlist_offer_idx").on(table.offerExpiresAt).where(sql`${table.status} = 'offered'`),
    uniqueIndex("seminar_waitlist_active_email_unique")
      .on(table.seminarId, sql`lower(${table.email})`)
      .where(sql`${table.status} in ('waiting', 'offered')`),
    check("seminar_waitlist_status_check", sql`${table.status} in ('waiting', 'offered', 'booked', 'lapsed', 'withdrawn')`),
    check("seminar_waitlist_seats_check", sql`${table.seats} between 1 and 6`),
    check(
      "seminar_waitlist_offer_check",
      sql`${table.status} not in ('offered', 'booked') or (${table.offerBookingId} is not null and ${table.offerExpiresAt} is not null)`,
    ),
    check("seminar_waitlist_preferred_contact_check", sql`${table.preferredContact} in ('email', 'phone', 'whatsapp')`),
  ],
);

export type AdminNote = { datetime: string; note: string; admin_name: string };

export const consultationBookings = pgTable(
  "consultation_bookings",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    ...contactDetails(),
    consultationType: text("consultation_type", { enum: consultationTypes }).notNull().default("paid"),
    /** The visitor's notes. */
    description: text("description"),
    /** morning / afternoon / evening from public forms; free text from the admin. */
    preferredDatetime: text("preferred_datetime"),
    status: text("status", { enum: consultationStatuses }).notNull().default("pending"),
    isPaid: boolean("is_paid").notNull().default(false),
    adminNotes: jsonb("admin_notes").$type<AdminNote[]>().notNull().default(sql`'[]'::jsonb`),
    amountCents: integer("amount_cents").notNull().default(0),
    paymentSessionId: text("payment_session_id").unique(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /**
     * A booking in a real time slot (docs/decisions/035): its consultant and meeting, and the
     * end of the time it keeps free (the meeting's end plus the buffer then set). An exclusion
     * constraint (migration 0010) keeps two standing bookings of one consultant from
     * overlapping. A request without a slot (morning, afternoon or evening) has none of these.
     */
    consultantId: uuid("consultant_id").references(() => consultants.id, { onDelete: "restrict" }),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    blockedUntil: timestamp("blocked_until", { withTimezone: true }),
    /** An unpaid slot is held until this instant, then freed (as a seminar seat's hold). */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    /** The video meeting's address, fixed when the slot is taken (the consultant's room, or one made for it). */
    meetingUrl: text("meeting_url"),
    /** The IANA zone the visitor chose the time in: their e-mails show the time there and in the UK. */
    timeZone: text("time_zone"),
    ...cancellation(),
    ...refundState(),
    createdAt: createdAt(),
    version: version(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("consultation_bookings_user_idx").on(table.userId),
    index("consultation_bookings_description_trgm_idx").using("gin", sql`${table.description} gin_trgm_ops`),
    // The sweeper's search for holds that lapsed unpaid: only live holds are in it.
    index("consultation_bookings_hold_idx")
      .on(table.holdExpiresAt)
      .where(sql`${table.status} = 'pending' and ${table.isPaid} = false and ${table.holdExpiresAt} is not null`),
    index("consultation_bookings_starts_idx").on(table.startsAt).where(sql`${table.startsAt} is not null`),
    check(
      "consultation_bookings_slot_check",
      sql`(${table.consultantId} is null and ${table.startsAt} is null and ${table.endsAt} is null and ${table.blockedUntil} is null) or (${table.consultantId} is not null and ${table.startsAt} is not null and ${table.endsAt} is not null and ${table.blockedUntil} is not null and ${table.startsAt} < ${table.endsAt} and ${table.endsAt} <= ${table.blockedUntil})`,
    ),
    index("consultation_bookings_created_idx").on(sql`${table.createdAt} desc`, sql`${table.id} desc`),
    index("consultation_bookings_paid_idx").on(table.paidAt).where(sql`${table.paidAt} is not null`),
    check(
      "consultation_bookings_status_check",
      sql`${table.status} in ('pending', 'confirmed', 'completed', 'closed', 'cancelled', 'refunded')`,
    ),
    check("consultation_bookings_refunded_check", sql`${table.refundedCents} >= 0 and ${table.refundedCents} <= ${table.amountCents}`),
    check("consultation_bookings_type_check", sql`${table.consultationType} in ('paid', 'free')`),
    check("consultation_bookings_notes_array_check", sql`jsonb_typeof(${table.adminNotes}) = 'array'`),
    check("consultation_bookings_preferred_contact_check", sql`${table.preferredContact} in ('email', 'phone', 'whatsapp')`),
  ],
);
