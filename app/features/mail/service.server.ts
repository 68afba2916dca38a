import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { countUpTo, readKeysetPage, withoutCursor, type KeysetKey, type KeysetSlice } from "~/lib/keyset.server.ts";
import type { BoundedTotal, KeysetNav, ListPosition } from "~/lib/keyset.ts";
import { emailOutbox, type emailStatuses } from "#db/schema/outbox.ts";
import { log } from "~/lib/log.server.ts";
import type { OutboxEmailInput } from "./types.ts";
import { isRecordId } from "~/lib/ids.ts";

export type EmailStatus = (typeof emailStatuses)[number];

export { countQueuedEmailsTo, eraseEmailsTo, type ErasedEmails } from "./erasure.server.ts";

/**
 * An address on the reserved .invalid top-level domain (RFC 2606), such as an anonymised
 * contact's placeholder: nothing is ever queued to it, whichever feature asks.
 */
export function isUndeliverableAddress(address: string): boolean {
  return /(@|\.)invalid$/i.test(address.trim());
}

/**
 * Writes an e-mail to the outbox. Pass the open transaction of the event that causes it, so
 * the e-mail exists exactly when the event does. A dedupeKey already queued queues nothing,
 * and neither does an undeliverable address (an anonymised contact's).
 */
export async function queueEmail(db: Db, email: OutboxEmailInput): Promise<{ queued: boolean; id?: string }> {
  if (isUndeliverableAddress(email.to)) {
    log.info("E-mail not queued: its address cannot receive mail", { kind: email.kind });
    return { queued: false };
  }
  const [row] = await db
    .insert(emailOutbox)
    .values({
      kind: email.kind,
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
      attachments: email.attachments ?? [],
      dedupeKey: email.dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  if (!row) return { queued: false };
  // Bodies can hold sign-in links and tokens: only what identifies the e-mail is logged.
  log.info("E-mail queued", { id: row.id, kind: email.kind, to: email.to, subject: email.subject });
  return { queued: true, id: row.id };
}

export type OutboxSummary = {
  id: string;
  kind: string;
  toAddress: string;
  subject: string;
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  sentAt: Date | null;
  createdAt: Date;
};

export type OutboxPage = { emails: OutboxSummary[]; total: BoundedTotal; nav: KeysetNav };

const MAX_PAGE_SIZE = 100;

/** The outbox's order, newest first: the order of email_outbox_created_idx and email_outbox_status_created_idx (migration 0008). */
export const outboxKeys: KeysetKey[] = [
  { column: emailOutbox.createdAt, type: "timestamp" },
  { column: emailOutbox.id, type: "uuid" },
];

const summaryColumns = {
  id: emailOutbox.id,
  kind: emailOutbox.kind,
  toAddress: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  nextAttemptAt: emailOutbox.nextAttemptAt,
  sentAt: emailOutbox.sentAt,
  createdAt: emailOutbox.createdAt,
};

/** One keyset page of the outbox (~/lib/keyset.server.ts), unrun; wrapped, as a query builder is a thenable (a test explains its plan). */
export function outboxPageSelect(db: Db, status: EmailStatus | undefined, slice: KeysetSlice) {
  const statement = db
    .select({ ...summaryColumns, cursor: slice.cursor })
    .from(emailOutbox)
    .where(and(status ? eq(emailOutbox.status, status) : undefined, slice.where))
    .orderBy(...slice.orderBy)
    .limit(slice.limit);
  return { statement };
}

/** The outbox newest first, one page at `position` (docs/decisions/030), optionally only one status (admin screen). */
export async function listOutbox(db: Db, options: { position: ListPosition; pageSize: number; status?: EmailStatus }): Promise<OutboxPage> {
  const pageSize = Math.min(Math.max(Math.trunc(options.pageSize) || 1, 1), MAX_PAGE_SIZE);
  const where = options.status ? eq(emailOutbox.status, options.status) : undefined;
  const [page, total] = await Promise.all([
    readKeysetPage(outboxKeys, options.position, pageSize, async (slice) => await outboxPageSelect(db, options.status, slice).statement),
    countUpTo(db, db.select({ one: sql`1` }).from(emailOutbox).where(where)),
  ]);
  return { emails: page.rows.map(withoutCursor), total, nav: page.nav };
}

export type OutboxEmail = typeof emailOutbox.$inferSelect;

/** One e-mail with its bodies and attachments, or null (also for an id that is not a UUID). */
export async function findOutboxEmail(db: Db, id: string): Promise<OutboxEmail | null> {
  if (!isRecordId(id)) return null;
  const [email] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return email ?? null;
}
