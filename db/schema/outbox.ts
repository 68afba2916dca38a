import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns.ts";
import { emailStatuses } from "./enums.ts";

export { emailStatuses };


/** A file sent with an e-mail; with a `cid`, an inline image the HTML shows as `cid:…` (nothing fetched from another host). */
export type EmailAttachment = { filename: string; contentType: string; contentBase64: string; cid?: string };

/** Every e-mail is written here in the transaction that causes it (docs/product.md §8.1). */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: id(),
    /** What the e-mail is, e.g. seminar-booking-confirmed. */
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    attachments: jsonb("attachments").$type<EmailAttachment[]>().notNull().default(sql`'[]'::jsonb`),
    /** Makes queuing idempotent: the same event never queues the same e-mail twice. */
    dedupeKey: text("dedupe_key").unique(),
    status: text("status", { enum: emailStatuses }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("email_outbox_due_idx").on(table.status, table.nextAttemptAt),
    index("email_outbox_created_idx").on(sql`${table.createdAt} desc`, sql`${table.id} desc`),
    index("email_outbox_status_created_idx").on(table.status, sql`${table.createdAt} desc`, sql`${table.id} desc`),
    check("email_outbox_status_check", sql`${table.status} in ('queued', 'sending', 'sent', 'failed')`),
  ],
);
