import { sql } from "drizzle-orm";
import { boolean, integer, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { preferredContactValues } from "./enums.ts";

export const id = () => uuid("id").primaryKey().default(sql`gen_random_uuid()`);

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * The record's version: 1 when created, one more with every edit. An edit names the version it
 * was based on and is refused when the record has moved on (no lost updates; docs/decisions/014).
 */
export const version = () => integer("version").notNull().default(1);

export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** A person's contact details: a contact's own, and the copy a booking keeps as submitted (docs/product.md §4.2, §4.3, §6.2). */
export const contactDetails = () => ({
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  email: text("email").notNull(),
  phone: text("phone"),
  address: text("address"),
  preferredContact: text("preferred_contact", { enum: preferredContactValues }).notNull().default("email"),
});

/**
 * When, by whom and why a booking or seminar was cancelled (docs/decisions/015). A cancelled
 * record is kept: money and people are never erased, they change state.
 */
export const cancellation = () => ({
  cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  /** The admin's name, "Customer" or "System", as they were called then. */
  cancelledBy: text("cancelled_by"),
  cancelReason: text("cancel_reason"),
});

/**
 * What has been given back of a booking's payment, kept equal to the sum of its refunds in the
 * ledger (ledger_entries) by the transaction that writes them; and whether staff still owe one.
 */
export const refundState = () => ({
  refundedCents: integer("refunded_cents").notNull().default(0),
  /** A paid booking was cancelled and its refund is still to be made (or waived by staff). */
  refundDue: boolean("refund_due").notNull().default(false),
});
