import type { Db } from "#db/client.ts";
import { emailStatuses } from "#db/schema/enums.ts";
import { findOutboxEmail, listOutbox, type EmailStatus, type OutboxPage, type OutboxSummary } from "./service.server.ts";

// /admin/outbox: every e-mail the site queued, newest first, filtered by status, and one
// e-mail with its bodies (docs/product.md §3.9, §8.1: without SMTP, admins read e-mails here).

export const OUTBOX_PAGE_SIZE = 25;

export type OutboxQuery = { status?: EmailStatus; page: number; emailId?: string };

export function parseOutboxQuery(params: URLSearchParams): OutboxQuery {
  const status = params.get("status") ?? "";
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const emailId = params.get("email") ?? undefined;
  return {
    status: (emailStatuses as readonly string[]).includes(status) ? (status as EmailStatus) : undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    emailId: emailId ? emailId.slice(0, 64) : undefined,
  };
}

/** An outbox summary as the browser gets it: times as ISO strings. */
export type OutboxRow = Omit<OutboxSummary, "createdAt" | "sentAt" | "nextAttemptAt"> & { createdAt: string; sentAt: string | null; nextAttemptAt: string };

export type OutboxEmailDetail = OutboxRow & {
  textBody: string;
  htmlBody: string;
  attachments: Array<{ filename: string; contentType: string; sizeBytes: number }>;
};

function rowView(email: OutboxPage["emails"][number]): OutboxRow {
  return {
    id: email.id,
    kind: email.kind,
    toAddress: email.toAddress,
    subject: email.subject,
    status: email.status,
    attempts: email.attempts,
    lastError: email.lastError,
    createdAt: email.createdAt.toISOString(),
    sentAt: email.sentAt ? email.sentAt.toISOString() : null,
    nextAttemptAt: email.nextAttemptAt.toISOString(),
  };
}

export async function outboxPage(db: Db, query: OutboxQuery) {
  const page = await listOutbox(db, { page: query.page, pageSize: OUTBOX_PAGE_SIZE, status: query.status });
  return { emails: page.emails.map(rowView), total: page.total, page: page.page, pageSize: page.pageSize, pageCount: page.pageCount };
}

/** One e-mail for the detail view; null when there is no such e-mail. */
export async function outboxEmailDetail(db: Db, id: string): Promise<OutboxEmailDetail | null> {
  const email = await findOutboxEmail(db, id);
  if (!email) return null;
  return {
    ...rowView(email),
    textBody: email.textBody,
    htmlBody: email.htmlBody,
    // Names and sizes only: the admin reads what was attached, the content stays in the database.
    attachments: email.attachments.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      sizeBytes: Math.floor((attachment.contentBase64.replace(/=+$/, "").length * 3) / 4),
    })),
  };
}
