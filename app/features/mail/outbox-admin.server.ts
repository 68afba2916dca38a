import type { Db } from "#db/client.ts";
import type { EmailAttachment } from "#db/schema/outbox.ts";
import { emailStatuses } from "#db/schema/enums.ts";
import { listPosition, type ListPosition } from "~/lib/keyset.ts";
import { findOutboxEmail, listOutbox, type EmailStatus, type OutboxPage, type OutboxSummary } from "./service.server.ts";

// /admin/outbox: every e-mail the site queued, newest first, filtered by status, and one
// e-mail with its bodies (docs/product.md §3.9, §8.1: without SMTP, admins read e-mails here).

export const OUTBOX_PAGE_SIZE = 25;

export type OutboxQuery = { status?: EmailStatus; position: ListPosition; emailId?: string };

export function parseOutboxQuery(params: URLSearchParams): OutboxQuery {
  const status = params.get("status") ?? "";
  const emailId = params.get("email") ?? undefined;
  return {
    status: (emailStatuses as readonly string[]).includes(status) ? (status as EmailStatus) : undefined,
    position: listPosition(params),
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
  const page = await listOutbox(db, { position: query.position, pageSize: OUTBOX_PAGE_SIZE, status: query.status });
  return { emails: page.emails.map(rowView), total: page.total, nav: page.nav };
}

/**
 * The HTML as the reader sees it: each inline image (`cid:…`, a part of the same e-mail) as a
 * data: address, which the preview may show (nothing is fetched from another host).
 */
function withInlineImages(html: string, attachments: EmailAttachment[]): string {
  return attachments.reduce(
    (shown, attachment) =>
      attachment.cid && /^image\/(png|jpeg|gif)$/.test(attachment.contentType)
        ? shown.replaceAll(`src="cid:${attachment.cid}"`, `src="data:${attachment.contentType};base64,${attachment.contentBase64}"`)
        : shown,
    html,
  );
}

/** One e-mail for the detail view; null when there is no such e-mail. */
export async function outboxEmailDetail(db: Db, id: string): Promise<OutboxEmailDetail | null> {
  const email = await findOutboxEmail(db, id);
  if (!email) return null;
  return {
    ...rowView(email),
    textBody: email.textBody,
    htmlBody: withInlineImages(email.htmlBody, email.attachments),
    // Names and sizes only: the admin reads what was attached, the content stays in the database.
    attachments: email.attachments.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      sizeBytes: Math.floor((attachment.contentBase64.replace(/=+$/, "").length * 3) / 4),
    })),
  };
}

export type OutboxAttachmentFile = { filename: string; contentType: string; content: Buffer };

/** The `index`th attachment of an e-mail, decoded, for staff to download; null when there is none. */
export async function outboxAttachment(db: Db, emailId: string, index: number): Promise<OutboxAttachmentFile | null> {
  if (!Number.isInteger(index) || index < 0) return null;
  const email = await findOutboxEmail(db, emailId);
  const attachment = email?.attachments[index];
  if (!attachment) return null;
  return { filename: attachment.filename, contentType: attachment.contentType, content: Buffer.from(attachment.contentBase64, "base64") };
}

/** A Content-Disposition that downloads under the attachment's own name, safe in a header whatever the name holds. */
export function attachmentDisposition(filename: string): string {
  const plain = filename.replace(/[^\w.\- ]+/g, "_").trim() || "attachment";
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
