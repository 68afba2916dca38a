import { Ban, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { AdminActionResult } from "~/lib/action-result.ts";
import { AdminDialog } from "~/components/admin/admin-dialog.tsx";
import { formatAdminDateTime } from "~/components/admin/dates.ts";
import { StatusBadge } from "~/components/admin/status-badge.tsx";
import { AdminNotice } from "~/components/admin/notice.tsx";
import { useNotice, useSearchHref, useUrlModal } from "~/components/admin/url-state.ts";
import { RecordHistory } from "~/features/activity/components/record-history.tsx";
import type { ActivityView } from "~/features/activity/service.server.ts";
import type { ConsultationDetails } from "../../admin.server.ts";
import { AdminNotesPanel } from "./admin-notes-panel.tsx";
import { PaymentAndEmails, StatusControl } from "./consultation-actions-panel.tsx";
import { MoneyBadge } from "~/features/payments/components/money-badge.tsx";
import { ConsultationStatusBadge } from "./consultation-status-badge.tsx";

function Fact({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-semibold tracking-wide text-ink-700 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm text-ink-950">{children}</dd>
    </div>
  );
}

/**
 * The details modal (?view=<id>): the contact, type, preferred time, description, status,
 * payment, e-mails, admin notes and the consultation's history. Every form posts to the
 * page's own URL, so after any post the modal is still open with fresh data. Every change
 * carries the version the modal shows; one someone else's change overtook is refused with a
 * focused summary, and the modal keeps its data until a reload (docs/decisions/014).
 */
export function ConsultationDetailsDialog({ details, history, result }: { details: ConsultationDetails | null; history: readonly ActivityView[]; result?: AdminActionResult }) {
  const modal = useUrlModal("view");
  const href = useSearchHref();
  // A cancellation confirmed in its own dialog comes back here with its answer.
  const notice = useNotice();
  if (!details) return null;
  return (
    <AdminDialog
      open={modal.open}
      onOpenChange={(next) => !next && modal.close()}
      title={`Consultation: ${details.clientName}`}
      description={`Requested ${formatAdminDateTime(details.createdAt)} (South African time)`}
      size="lg"
    >
      <AdminNotice tone="success" className="mb-4">
        {notice}
      </AdminNotice>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="space-y-5">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-lg border border-ink-100 p-3">
            <Fact label="Client">
              <span className="font-semibold">{details.clientName}</span>
            </Fact>
            <Fact label="Reference">
              <span className="font-mono">{details.reference}</span>
            </Fact>
            <Fact label="Contact">
              {details.anonymised ? (
                <span className="text-ink-700 italic">Details erased at the client's request</span>
              ) : details.email ? (
                <a href={`mailto:${details.email}`} className="break-all underline-offset-2 hover:underline">
                  {details.email}
                </a>
              ) : (
                "No e-mail"
              )}
              {details.phone ? <span className="block">{details.phone}</span> : null}
            </Fact>
            <Fact label="Type">
              <StatusBadge tone={details.free ? "blue" : "grey"}>{details.typeLabel}</StatusBadge>
            </Fact>
            <Fact label="Status">
              <ConsultationStatusBadge status={details.status} />
            </Fact>
            {details.booked ? (
              <>
                <Fact label="Booked time" className="col-span-2">
                  {details.booked.when}
                </Fact>
                <Fact label="Consultant">{details.booked.consultant}</Fact>
                {details.booked.meetingUrl ? (
                  <Fact label="Meeting link">
                    <a href={details.booked.meetingUrl} className="break-all text-ink-900 underline underline-offset-2">
                      {details.booked.meetingUrl}
                    </a>
                  </Fact>
                ) : null}
              </>
            ) : (
              <Fact label="Preferred time">{details.preferredTime}</Fact>
            )}
            {details.free ? null : (
              <Fact label="Payment">
                <MoneyBadge state={details.money} />
              </Fact>
            )}
            {details.cancellation ? (
              <Fact label="Cancelled" className="col-span-2">
                {formatAdminDateTime(details.cancellation.at)}
                {details.cancellation.by ? ` by ${details.cancellation.by}` : ""}
                {details.cancellation.reason ? <span className="block whitespace-pre-line text-ink-800">{details.cancellation.reason}</span> : null}
              </Fact>
            ) : null}
            <Fact label="Description" className="col-span-2">
              {details.description ? <span className="whitespace-pre-line">{details.description}</span> : <span className="text-ink-700 italic">No additional notes provided</span>}
            </Fact>
          </dl>
          <StatusControl consultation={details} result={result} />
          <PaymentAndEmails consultation={details} result={result} />
          <div className="border-t border-ink-100 pt-4">
            {details.removal === "keep" ? (
              <p className="text-sm text-ink-700">Kept on record: it has a checkout or a payment, so it cannot be deleted.</p>
            ) : (
              <Link
                to={href(details.removal === "delete" ? { view: null, delete: details.id, return: "view" } : { view: null, cancel: details.id, return: "view" })}
                preventScrollReset
                className="inline-flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50"
              >
                {details.removal === "delete" ? <Trash2 aria-hidden="true" className="size-4" /> : <Ban aria-hidden="true" className="size-4" />}
                {details.removal === "delete" ? "Delete consultation" : "Cancel consultation"}
              </Link>
            )}
          </div>
        </div>
        <div className="space-y-6">
          <AdminNotesPanel consultationId={details.id} notes={details.adminNotes} version={details.version} result={result} />
          <RecordHistory entries={history} headingId="consultation-history-heading" />
        </div>
      </div>
    </AdminDialog>
  );
}
