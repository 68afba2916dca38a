import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { emailOutbox } from "#db/schema/outbox.ts";

// Erasing a recipient from the outbox (docs/decisions/016-erasure-by-anonymisation.md): the
// bodies and attachments of e-mails to them are personal (names, notes, booking details), the
// fact that an e-mail of some kind was sent is not.

/** What an erased e-mail's text and HTML become. */
export const ERASED_BODY = "This e-mail was erased when its recipient's details were anonymised.";
/** Why an e-mail still waiting to go out never will. */
export const WITHDRAWN_REASON = "Not sent: its recipient's details were anonymised before it went out.";

/** Addresses compared as the unique index on contacts compares them: case-insensitively. */
const lowered = (addresses: readonly string[]) => [...new Set(addresses.map((address) => address.trim().toLowerCase()))].filter(Boolean);

const toAnyOf = (addresses: readonly string[]) => inArray(sql`lower(${emailOutbox.toAddress})`, addresses);

/** How many e-mails to these addresses are still waiting to be sent (queued). */
export async function countQueuedEmailsTo(db: Db, addresses: readonly string[]): Promise<number> {
  const wanted = lowered(addresses);
  if (wanted.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(emailOutbox)
    .where(and(toAnyOf(wanted), eq(emailOutbox.status, "queued")));
  return row?.n ?? 0;
}

export type ErasedEmails = { withdrawn: number; erased: number };

/**
 * In the caller's transaction: every e-mail to these addresses keeps its kind, subject (no
 * subject names a person), status and times, and loses its address (to `replacement`), bodies
 * and attachments. One still queued is withdrawn: marked failed with the reason, so staff see
 * in the outbox that it never went. One being sent right now is erased too; the worker already
 * holds its copy and only records the outcome.
 */
export async function eraseEmailsTo(tx: Db, addresses: readonly string[], replacement: string, now = new Date()): Promise<ErasedEmails> {
  const wanted = lowered(addresses);
  if (wanted.length === 0) return { withdrawn: 0, erased: 0 };
  const rows = await tx
    .update(emailOutbox)
    .set({
      toAddress: replacement,
      textBody: ERASED_BODY,
      htmlBody: `<p>${ERASED_BODY}</p>`,
      attachments: [],
      status: sql`case when ${emailOutbox.status} = 'queued' then 'failed' else ${emailOutbox.status} end`,
      lastError: sql`case when ${emailOutbox.status} = 'queued' then ${WITHDRAWN_REASON}::text else ${emailOutbox.lastError} end`,
      updatedAt: now,
    })
    .where(toAnyOf(wanted))
    .returning({ status: emailOutbox.status, lastError: emailOutbox.lastError });
  const withdrawn = rows.filter((row) => row.status === "failed" && row.lastError === WITHDRAWN_REASON).length;
  return { withdrawn, erased: rows.length };
}
