import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";
import { bookingKinds, checkoutStatuses } from "./enums.ts";

/**
 * Every checkout the site opened, with either provider: the amount comes from the
 * database, never from the browser, and completion marks a session paid exactly once.
 */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    /** The provider's session id (Stripe's cs_…, or the test checkout's own). */
    id: text("id").primaryKey(),
    provider: text("provider", { enum: ["stripe", "test"] }).notNull(),
    bookingKind: text("booking_kind", { enum: bookingKinds }).notNull(),
    bookingId: uuid("booking_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("ZAR"),
    status: text("status", { enum: checkoutStatuses }).notNull().default("open"),
    url: text("url").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("checkout_sessions_booking_idx").on(table.bookingKind, table.bookingId),
    check("checkout_sessions_status_check", sql`${table.status} in ('open', 'paid', 'expired')`),
    check("checkout_sessions_provider_check", sql`${table.provider} in ('stripe', 'test')`),
    check("checkout_sessions_kind_check", sql`${table.bookingKind} in ('seminar', 'consultation')`),
    check("checkout_sessions_amount_check", sql`${table.amountCents} > 0`),
  ],
);
