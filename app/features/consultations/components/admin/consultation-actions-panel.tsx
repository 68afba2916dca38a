import { Banknote, Mail, Send } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { failureOf, resultFor, type AdminActionResult } from "~/lib/action-result.ts";
import { AdminSelectField } from "~/components/admin/fields.tsx";
import { ResultNotice } from "~/components/admin/notice.tsx";
import { StaleEditSummary } from "~/components/admin/stale-edit-summary.tsx";
import { buttonClasses } from "~/components/ui/button.ts";
import type { ConsultationStatus } from "#db/schema/enums.ts";
import { RefundLink } from "~/features/payments/components/refund-dialog.tsx";
import { bookingReference } from "~/lib/ids.ts";
import { statusLabels } from "../../admin-schema.ts";
import { allowedStatusTransitions } from "../../rules.ts";
import { CancelFields } from "./cancel-fields.tsx";
import type { MoneyState } from "~/features/payments/booking-money.ts";
import { MoneyBadge } from "~/features/payments/components/money-badge.tsx";

type Consultation = {
  id: string;
  clientName: string;
  status: ConsultationStatus;
  free: boolean;
  isPaid: boolean;
  money: MoneyState;
  canRemind: boolean;
  version: number;
  refundableCents: number;
  anonymised: boolean;
};

const sectionHeading = "font-sans text-base font-semibold tracking-normal text-ink-950";

function usePending(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

type IntentButtonProps = {
  id: string;
  intent: string;
  label: string;
  pendingLabel: string;
  icon: typeof Mail;
  variant?: "secondary" | "dark";
  /** For a change: the version the dialog shows (docs/decisions/014-no-lost-updates.md). */
  version?: number;
};

function IntentButton({ id, intent, label, pendingLabel, icon: Icon, variant = "secondary", version }: IntentButtonProps) {
  const pending = usePending(intent);
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {version === undefined ? null : <input type="hidden" name="version" value={version} />}
      <button type="submit" disabled={pending} className={buttonClasses(variant, "md", "cursor-pointer py-2!")}>
        <Icon aria-hidden="true" className="size-4" />
        {pending ? pendingLabel : label}
      </button>
    </Form>
  );
}

/** A section's answer: its notice, or the focused summary of a change someone else's overtook. */
export function Outcome({ result, stale, headingId }: { result?: AdminActionResult; stale: boolean; headingId: string }) {
  if (result && !result.ok && stale) return <StaleEditSummary message={result.message} headingId={headingId} focusToken={result} />;
  return <ResultNotice result={result} />;
}

/**
 * Status control: the statuses allowedStatusTransitions permits from the current one (the note
 * it appends is signed with the signed-in admin's name). Choosing Cancelled asks for the
 * cancellation's reason and refund; without JavaScript the server asks for them after the first submit.
 */
export function StatusControl({ consultation, result }: { consultation: Consultation; result?: AdminActionResult }) {
  const pending = usePending("change-status");
  const own = resultFor(result, "change-status", consultation.id);
  const { fieldErrors, values, stale } = failureOf(own);
  const [chosen, setChosen] = useState(values.status ?? "");
  const targets = allowedStatusTransitions[consultation.status].map((value) => ({ value, label: statusLabels[value] }));
  const cancelling = chosen === "cancelled" || values.status === "cancelled";
  return (
    <section aria-labelledby="status-heading" className="space-y-3">
      <h3 id="status-heading" className={sectionHeading}>
        Change status
      </h3>
      {targets.length === 0 ? (
        <p className="text-sm text-ink-700">{`${statusLabels[consultation.status]} is final: the status cannot change any more.`}</p>
      ) : (
        <Form method="post" noValidate preventScrollReset className="space-y-3" key={consultation.status}>
          <input type="hidden" name="intent" value="change-status" />
          <input type="hidden" name="id" value={consultation.id} />
          {/* A refused choice is kept with the version it was made on: it stays refused until a reload. */}
          <input type="hidden" name="version" value={values.version ?? consultation.version} />
          <AdminSelectField
            id="status-select"
            name="status"
            label="New status"
            required
            placeholder="Choose a status"
            options={targets}
            defaultValue={values.status}
            errors={fieldErrors.status}
            onChange={(event) => setChosen(event.target.value)}
          />
          {cancelling ? <CancelFields idPrefix="status" clientName={consultation.clientName} refundableCents={consultation.refundableCents} fieldErrors={fieldErrors} values={values} /> : null}
          <button type="submit" disabled={pending} className={buttonClasses("dark", "md", "cursor-pointer py-2!")}>
            {pending ? "Saving…" : "Update Status"}
          </button>
        </Form>
      )}
      <Outcome result={own} stale={stale} headingId="status-stale-heading" />
    </section>
  );
}

/** Payment (paid type only: free ones show no payment status) and the two e-mails. */
export function PaymentAndEmails({ consultation, result }: { consultation: Consultation; result?: AdminActionResult }) {
  const payment = resultFor(result, ["mark-paid", "mark-unpaid"], consultation.id);
  const email = resultFor(result, ["send-intro-email", "send-payment-reminder"], consultation.id);
  return (
    <>
      {consultation.free ? null : (
        <section aria-labelledby="payment-heading" className="space-y-2">
          <h3 id="payment-heading" className={sectionHeading}>
            Payment
          </h3>
          <div className="flex flex-wrap items-center gap-3">
            <MoneyBadge state={consultation.money} />
            {consultation.isPaid ? (
              <>
                <IntentButton id={consultation.id} intent="mark-unpaid" label="Mark as Unpaid" pendingLabel="Saving…" icon={Banknote} version={consultation.version} />
                <RefundLink bookingKind="consultation" bookingId={consultation.id} reference={bookingReference(consultation.id)} className={buttonClasses("secondary", "md", "py-2!")} />
              </>
            ) : (
              <IntentButton id={consultation.id} intent="mark-paid" label="Mark as Paid" pendingLabel="Saving…" icon={Banknote} version={consultation.version} />
            )}
          </div>
          <Outcome result={payment} stale={failureOf(payment).stale} headingId="payment-stale-heading" />
        </section>
      )}
      <section aria-labelledby="emails-heading" className="space-y-2">
        <h3 id="emails-heading" className={sectionHeading}>
          E-mails
        </h3>
        {consultation.anonymised ? (
          <p className="text-sm text-ink-700">The client's details were erased at their request, so they cannot be e-mailed.</p>
        ) : (
          <>
            <div className="flex flex-wrap gap-2">
              <IntentButton id={consultation.id} intent="send-intro-email" label="Send intro email" pendingLabel="Queuing…" icon={Mail} />
              {consultation.canRemind ? <IntentButton id={consultation.id} intent="send-payment-reminder" label="Send payment reminder" pendingLabel="Queuing…" icon={Send} /> : null}
            </div>
            <p className="text-xs text-ink-600">E-mails go through the outbox; you can read them under Outbox.</p>
          </>
        )}
        <ResultNotice result={email} />
      </section>
    </>
  );
}
