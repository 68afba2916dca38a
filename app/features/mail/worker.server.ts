import { and, asc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { emailOutbox } from "#db/schema/outbox.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import { describeMailError, type MailTransport } from "./transport.server.ts";

const MINUTE = 60_000;
/** Wait before attempt 2, 3, 4, 5 and 6; after the sixth failure the e-mail is 'failed'. */
export const RETRY_DELAYS_MS = [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 360 * MINUTE] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** A row left 'sending' this long belongs to a worker that died mid-send. */
export const STALE_SENDING_MS = 10 * MINUTE;

export type DeliveryCounts = { sent: number; retried: number; failed: number };

type ClaimedEmail = typeof emailOutbox.$inferSelect;

/**
 * Claims due e-mails in a short transaction (SKIP LOCKED, so server instances never claim the
 * same row) and counts the attempt there, so a worker that dies mid-send still uses one up.
 */
async function claimDueEmails(db: Db, batchSize: number, now: Date): Promise<ClaimedEmail[]> {
  const staleBefore = new Date(now.getTime() - STALE_SENDING_MS);
  // PostgreSQL keeps microseconds and a JavaScript Date only milliseconds: the whole current
  // millisecond is due, or an e-mail queued just now would wait for the next run.
  const dueBefore = new Date(now.getTime() + 1);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        or(
          and(eq(emailOutbox.status, "queued"), lt(emailOutbox.nextAttemptAt, dueBefore)),
          and(eq(emailOutbox.status, "sending"), lt(emailOutbox.updatedAt, staleBefore)),
        ),
      )
      .orderBy(asc(emailOutbox.nextAttemptAt))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(emailOutbox)
      .set({ status: "sending", attempts: sql`${emailOutbox.attempts} + 1`, updatedAt: now })
      .where(inArray(emailOutbox.id, due.map((row) => row.id)))
      .returning();
  });
}

async function markSent(db: Db, id: string, now: Date) {
  await db.update(emailOutbox).set({ status: "sent", sentAt: now, lastError: null, updatedAt: now }).where(eq(emailOutbox.id, id));
}

async function markAttemptFailed(db: Db, email: ClaimedEmail, reason: string, now: Date): Promise<"retried" | "failed"> {
  if (email.attempts >= MAX_ATTEMPTS) {
    await db.update(emailOutbox).set({ status: "failed", lastError: reason, updatedAt: now }).where(eq(emailOutbox.id, email.id));
    return "failed";
  }
  const delay = RETRY_DELAYS_MS[Math.min(email.attempts, RETRY_DELAYS_MS.length) - 1] ?? MINUTE;
  await db
    .update(emailOutbox)
    .set({ status: "queued", lastError: reason, nextAttemptAt: new Date(now.getTime() + delay), updatedAt: now })
    .where(eq(emailOutbox.id, email.id));
  return "retried";
}

/** Sends every due e-mail once; failures are rescheduled with backoff, then given up on. */
export async function deliverDueEmails(
  db: Db,
  transport: MailTransport,
  options: { batchSize?: number; now?: Date } = {},
): Promise<DeliveryCounts> {
  const { batchSize = 10, now = new Date() } = options;
  const counts: DeliveryCounts = { sent: 0, retried: 0, failed: 0 };
  const claimed = await claimDueEmails(db, batchSize, now);

  for (const email of claimed) {
    if (email.attempts > MAX_ATTEMPTS) {
      // Only a reclaimed row gets here: its worker died on the last allowed attempt.
      counts[await markAttemptFailed(db, email, email.lastError ?? "Delivery was interrupted", now)]++;
      continue;
    }
    try {
      await transport.send({
        to: email.toAddress,
        subject: email.subject,
        text: email.textBody,
        html: email.htmlBody,
        attachments: email.attachments,
      });
    } catch (error) {
      const reason = describeMailError(error);
      const outcome = await markAttemptFailed(db, email, reason, now);
      counts[outcome]++;
      const message = outcome === "failed" ? "E-mail failed for good" : "E-mail delivery failed; will retry";
      log.warn(message, { id: email.id, kind: email.kind, attempts: email.attempts, error: reason });
      continue;
    }
    await markSent(db, email.id, now);
    counts.sent++;
  }
  return counts;
}

export type MailWorker = { stop(): Promise<void> };

/**
 * Delivers the outbox every intervalMs in this server process. Without a transport (no
 * SMTP_URL) nothing runs: e-mails stay queued and admins read them at /admin/outbox.
 */
export function startMailWorker(options: { db: Db; transport: MailTransport | undefined; intervalMs?: number; batchSize?: number }): MailWorker {
  const { db, transport, intervalMs = 5000, batchSize = 10 } = options;
  if (!transport) {
    log.info("SMTP_URL is not set: e-mails stay in the outbox (readable at /admin/outbox)");
    return { stop: async () => {} };
  }

  let stopped = false;
  let inFlight: Promise<void> | undefined;

  const run = async () => {
    // A full batch means more may be due: keep going until the outbox is drained.
    while (!stopped) {
      const counts = await deliverDueEmails(db, transport, { batchSize });
      if (counts.sent + counts.retried + counts.failed > 0) log.info("Outbox delivered", counts);
      if (counts.sent + counts.retried + counts.failed < batchSize) break;
    }
  };

  const tick = () => {
    if (inFlight || stopped) return;
    inFlight = run()
      .catch((error: unknown) => log.error("Mail worker run failed", errorFields(error)))
      .finally(() => {
        inFlight = undefined;
      });
  };

  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  log.info("Mail worker started", { intervalMs });

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await inFlight;
    },
  };
}
