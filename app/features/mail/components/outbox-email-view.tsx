import { ArrowLeft, Paperclip } from "lucide-react";
import { Link } from "react-router";
import { formatAdminDateTime } from "~/components/admin/dates.ts";
import type { OutboxEmailDetail } from "../outbox-admin.server.ts";
import { outboxAttachmentHref } from "../outbox-links.ts";
import { EmailStatusBadge } from "./email-status-badge.tsx";
import { DeliveryNote } from "./outbox-table.tsx";

function size(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * One e-mail as it was queued: who, what, its delivery, its attachments, the HTML body
 * drawn in a sandboxed frame (no script, no same-origin access) and the plain-text body.
 */
export function OutboxEmailView({ email, backHref }: { email: OutboxEmailDetail; backHref: string }) {
  return (
    <article aria-labelledby="outbox-email-subject" className="space-y-5">
      <Link to={backHref} className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-semibold text-ink-800 hover:bg-ink-100">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to the outbox
      </Link>
      <div className="rounded-xl border border-ink-100 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 id="outbox-email-subject" className="min-w-0 font-sans text-xl font-semibold text-ink-950">
            {email.subject}
          </h2>
          <EmailStatusBadge status={email.status} />
        </div>
        <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold text-ink-800">To</dt>
          <dd className="break-all text-ink-950">{email.toAddress}</dd>
          <dt className="font-semibold text-ink-800">Kind</dt>
          <dd className="font-mono text-ink-950">{email.kind}</dd>
          <dt className="font-semibold text-ink-800">Queued</dt>
          <dd className="text-ink-950">{formatAdminDateTime(email.createdAt)}</dd>
          <dt className="font-semibold text-ink-800">Sent</dt>
          <dd className="text-ink-950">{formatAdminDateTime(email.sentAt, "Not yet")}</dd>
          <dt className="font-semibold text-ink-800">Attempts</dt>
          <dd className="text-ink-950">
            {email.attempts}
            {email.status === "queued" && email.attempts > 0 ? `, next at ${formatAdminDateTime(email.nextAttemptAt)}` : ""}
            <DeliveryNote email={email} />
          </dd>
          <dt className="font-semibold text-ink-800">Attachments</dt>
          <dd className="text-ink-950">
            {email.attachments.length === 0 ? (
              "None"
            ) : (
              <ul className="space-y-1">
                {email.attachments.map((attachment, index) => (
                  <li key={`${attachment.filename}-${index}`} className="flex items-center gap-1.5">
                    <Paperclip aria-hidden="true" className="size-4 text-ink-600" />
                    <a
                      href={outboxAttachmentHref(email.id, index)}
                      download={attachment.filename}
                      className="rounded-sm font-semibold text-ink-950 underline underline-offset-4 hover:text-ink-700"
                    >
                      {attachment.filename}
                      <span className="sr-only"> (download)</span>
                    </a>
                    <span className="text-ink-700">
                      ({attachment.contentType.split(";")[0]}, {size(attachment.sizeBytes)})
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </dl>
      </div>
      <section aria-labelledby="outbox-email-html" className="space-y-2">
        <h3 id="outbox-email-html" className="font-sans text-base font-semibold text-ink-950">
          As the reader sees it
        </h3>
        <iframe
          title={`The e-mail “${email.subject}” as HTML`}
          sandbox=""
          srcDoc={email.htmlBody}
          referrerPolicy="no-referrer"
          className="h-[40rem] w-full rounded-xl border border-ink-200 bg-white"
        />
      </section>
      <section aria-labelledby="outbox-email-text" className="space-y-2">
        <h3 id="outbox-email-text" className="font-sans text-base font-semibold text-ink-950">
          Plain text
        </h3>
        {/* Focusable, so a keyboard can scroll a long e-mail; named apart from its section (landmarks need unique names). */}
        <div role="region" aria-label={`The e-mail “${email.subject}” as plain text`} tabIndex={0} className="max-h-[40rem] overflow-auto rounded-xl border border-ink-200 bg-white p-4">
          <pre className="font-mono text-sm whitespace-pre-wrap text-ink-950" data-testid="outbox-text-body">
            {email.textBody}
          </pre>
        </div>
      </section>
    </article>
  );
}
