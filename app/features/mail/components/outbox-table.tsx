import { Link, useLocation } from "react-router";
import { DataTable, type Column } from "~/components/admin/data-table.tsx";
import { formatAdminDateTime } from "~/components/admin/dates.ts";
import { EmptyState } from "~/components/admin/load-error.tsx";
import { searchWith } from "~/components/admin/url-state.ts";
import type { OutboxRow } from "../outbox-admin.server.ts";
import { EmailStatusBadge } from "./email-status-badge.tsx";

/** Why an e-mail failed, or why it is being tried again. */
export function DeliveryNote({ email }: { email: Pick<OutboxRow, "status" | "lastError" | "attempts"> }) {
  if (!email.lastError) return null;
  return (
    <p className="mt-1 max-w-xs text-xs break-words text-red-800">
      {email.status === "failed" ? "Reason: " : `Retrying (attempt ${email.attempts}): `}
      {email.lastError}
    </p>
  );
}

/** The outbox, newest first: status, recipient, subject and kind, when queued and sent. */
export function OutboxTable({ emails, filtered }: { emails: readonly OutboxRow[]; filtered: boolean }) {
  const location = useLocation();
  const columns: ReadonlyArray<Column<OutboxRow>> = [
    {
      key: "status",
      header: "Status",
      cell: (email) => (
        <>
          <EmailStatusBadge status={email.status} />
          <DeliveryNote email={email} />
        </>
      ),
    },
    { key: "to", header: "Recipient", className: "break-all text-ink-900", cell: (email) => email.toAddress },
    {
      key: "subject",
      header: "Subject",
      cell: (email) => (
        <>
          <Link
            to={`/admin/outbox${searchWith(location.search, { email: email.id })}`}
            className="font-semibold text-ink-950 underline-offset-4 hover:underline"
            data-testid="outbox-subject"
          >
            {email.subject}
          </Link>
          <p className="font-mono text-xs text-ink-700">{email.kind}</p>
        </>
      ),
    },
    { key: "created", header: "Queued", className: "whitespace-nowrap text-ink-800", cell: (email) => formatAdminDateTime(email.createdAt) },
    { key: "sent", header: "Sent", className: "whitespace-nowrap text-ink-800", cell: (email) => formatAdminDateTime(email.sentAt, "Not yet") },
  ];
  return (
    <DataTable
      caption="E-mails the site queued, newest first"
      columns={columns}
      rows={emails}
      rowKey={(email) => email.id}
      minWidth="56rem"
      empty={
        filtered ? (
          <EmptyState title="No e-mails with this status.">
            <Link to="/admin/outbox" className="font-semibold text-ink-900 underline underline-offset-4">
              Show all e-mails
            </Link>
          </EmptyState>
        ) : (
          <EmptyState title="No e-mails yet" detail="Every e-mail the site sends is queued here first.">
            <Link to="/admin/dashboard" className="font-semibold text-ink-900 underline underline-offset-4">
              Back to the dashboard
            </Link>
          </EmptyState>
        )
      }
    />
  );
}
