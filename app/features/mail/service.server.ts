import { count, desc, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { pageWithin } from "~/lib/pagination.ts";
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

export type OutboxPage = { emails: OutboxSummary[]; total: number; page: number; pageSize: number; pageCount: number };

const MAX_PAGE_SIZE = 100;

/** The outbox newest first, one page at a time, optionally only one status (admin screen). */
export async function listOutbox(db: Db, options: { page: number; pageSize: number; status?: EmailStatus }): Promise<OutboxPage> {
  const pageSize = Math.min(Math.max(Math.trunc(options.pageSize) || 1, 1), MAX_PAGE_SIZE);
  const where = options.status ? eq(emailOutbox.status, options.status) : undefined;

  const [totals] = await db.select({ total: count() }).from(emailOutbox).where(where);
  const total = totals?.total ?? 0;
  const { page, pageCount, offset } = pageWithin(total, options.page, pageSize);
  const emails = await db
    .select({
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
    })
    .from(emailOutbox)
    .where(where)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(pageSize)
    .offset(offset);
  return { emails, total, page, pageSize, pageCount };
}

export type OutboxEmail = typeof emailOutbox.$inferSelect;

/** One e-mail with its bodies and attachments, or null (also for an id that is not a UUID). */
export async function findOutboxEmail(db: Db, id: string): Promise<OutboxEmail | null> {
  if (!isRecordId(id)) return null;
  const [email] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return email ?? null;
}
