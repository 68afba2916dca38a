import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";
import { bookingKinds, checkoutProviders, checkoutStatuses, ledgerEntryTypes, ledgerProviders, refundStatuses } from "./enums.ts";

/**
 * Every checkout the site opened, with either provider: the amount comes from the
 * database, never from the browser, and completion marks a session paid exactly once.
 */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    /** The provider's session id (Stripe's cs_…, or the test checkout's own). */
    id: text("id").primaryKey(),
    provider: text("provider", { enum: checkoutProviders }).notNull(),
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
    check("checkout_sessions_provider_check", sql`${table.provider} in ('stripe', 'payfast', 'test')`),
    check("checkout_sessions_kind_check", sql`${table.bookingKind} in ('seminar', 'consultation')`),
    check("checkout_sessions_amount_check", sql`${table.amountCents} > 0`),
  ],
);

/**
 * The ledger (docs/decisions/015): every payment received and every refund made, one row each,
 * never changed or removed (a trigger refuses UPDATE, DELETE and TRUNCATE). Revenue is the sum
 * of payments minus refunds; a booking's refunded_cents is the sum of its refund rows.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    entryType: text("entry_type", { enum: ledgerEntryTypes }).notNull(),
    bookingKind: text("booking_kind", { enum: bookingKinds }).notNull(),
    bookingId: uuid("booking_id").notNull(),
    /** Always positive, in cents; a refund's sign comes from its type. */
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("ZAR"),
    provider: text("provider", { enum: ledgerProviders }).notNull(),
    /** The checkout the payment came through, when there was one. */
    checkoutSessionId: text("checkout_session_id"),
    /**
     * The provider's own id of this movement (Stripe's pi_… for a payment, re_… for a refund; our
     * own for the test checkout and manual entries): one row per movement, whoever reports it.
     */
    providerReference: text("provider_reference").notNull(),
    /** The refund request this row settles. */
    refundId: uuid("refund_id"),
    reason: text("reason"),
    /** The admin account that moved it (null for a visitor's payment or a provider's webhook). */
    actorId: text("actor_id"),
    actorName: text("actor_name").notNull(),
    /** When the money moved, as the provider reports it. */
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("ledger_entries_reference_unique").on(table.provider, table.entryType, table.providerReference),
    index("ledger_entries_booking_idx").on(table.bookingKind, table.bookingId),
    index("ledger_entries_occurred_idx").on(table.occurredAt),
    check("ledger_entries_amount_check", sql`${table.amountCents} > 0`),
    check("ledger_entries_type_check", sql`${table.entryType} in ('payment', 'refund')`),
    check("ledger_entries_provider_check", sql`${table.provider} in ('stripe', 'payfast', 'test', 'manual')`),
    check("ledger_entries_kind_check", sql`${table.bookingKind} in ('seminar', 'consultation')`),
  ],
);

/**
 * The ledger summed by South African calendar month, kind of booking and type of entry: what
 * the dashboard reads instead of scanning years of ledger rows (docs/decisions/034). Kept by
 * the database itself: a deferred trigger on ledger_entries adds each new row at commit, so
 * every writer keeps it true and the month's row is locked only while a transaction commits.
 */
export const ledgerMonths = pgTable(
  "ledger_months",
  {
    /** The first day of the month in Africa/Johannesburg. */
    month: date("month").notNull(),
    bookingKind: text("booking_kind", { enum: bookingKinds }).notNull(),
    entryType: text("entry_type", { enum: ledgerEntryTypes }).notNull(),
    cents: bigint("cents", { mode: "number" }).notNull(),
    entries: integer("entries").notNull(),
  },
  (table) => [primaryKey({ name: "ledger_months_pkey", columns: [table.month, table.bookingKind, table.entryType] })],
);

/**
 * A refund staff asked for: its state while the provider works on it. Succeeded refunds are
 * written to the ledger in the same transaction; the idempotency key makes a repeated request
 * (a double click, a retried form) the same refund.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    bookingKind: text("booking_kind", { enum: bookingKinds }).notNull(),
    bookingId: uuid("booking_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("ZAR"),
    reason: text("reason").notNull(),
    status: text("status", { enum: refundStatuses }).notNull().default("pending"),
    provider: text("provider", { enum: ledgerProviders }).notNull(),
    /** Stripe's re_…, or the test checkout's own; null until the provider has answered. */
    providerRefundId: text("provider_refund_id"),
    idempotencyKey: text("idempotency_key").notNull(),
    failureReason: text("failure_reason"),
    requestedById: text("requested_by_id"),
    requestedByName: text("requested_by_name").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("refunds_idempotency_unique").on(table.idempotencyKey),
    uniqueIndex("refunds_provider_refund_unique").on(table.provider, table.providerRefundId),
    index("refunds_booking_idx").on(table.bookingKind, table.bookingId),
    check("refunds_amount_check", sql`${table.amountCents} > 0`),
    check("refunds_status_check", sql`${table.status} in ('pending', 'succeeded', 'failed')`),
    check("refunds_provider_check", sql`${table.provider} in ('stripe', 'payfast', 'test', 'manual')`),
  ],
);
