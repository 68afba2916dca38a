import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { cancellation, contactDetails, createdAt, id, refundState, updatedAt, version } from "./columns.ts";
import { users } from "./contacts.ts";
import { consultationStatuses, consultationTypes, preferredTimes, seminarBookingStatuses } from "./enums.ts";

export { consultationStatuses, consultationTypes, preferredTimes, seminarBookingStatuses };
import { seminars } from "./seminars.ts";


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
    status: text("status", { enum: seminarBookingStatuses }).notNull().default("pending"),
    isPaid: boolean("is_paid").notNull().default(false),
    /** The seminar price when the seat was taken, in ZAR cents. */
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
    check(
      "seminar_bookings_status_check",
      sql`${table.status} in ('pending', 'confirmed', 'cancelled', 'refunded')`,
    ),
    check("seminar_bookings_amount_check", sql`${table.amountCents} >= 0`),
    check("seminar_bookings_refunded_check", sql`${table.refundedCents} >= 0 and ${table.refundedCents} <= ${table.amountCents}`),
    check("seminar_bookings_preferred_contact_check", sql`${table.preferredContact} in ('email', 'phone', 'whatsapp')`),
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
    ...cancellation(),
    ...refundState(),
    createdAt: createdAt(),
    version: version(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("consultation_bookings_user_idx").on(table.userId),
    index("consultation_bookings_created_idx").on(table.createdAt),
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
