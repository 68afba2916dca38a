import { Undo2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import type { BookingKind, LedgerProvider, RefundStatus } from "#db/schema/enums.ts";
import { formatAdminDateTime } from "~/components/admin/dates.ts";
import { AdminTextField } from "~/components/admin/fields.tsx";
import { ResultNotice } from "~/components/admin/notice.tsx";
import { StatusBadge, type BadgeTone } from "~/components/admin/status-badge.tsx";
import { UrlDialog } from "~/components/admin/url-dialog.tsx";
import { searchWith } from "~/components/admin/url-state.ts";
import { buttonClasses } from "~/components/ui/button.ts";
import { failureOf, resultFor, type AdminActionResult } from "~/lib/action-result.ts";
import { centsToDecimal, formatRand } from "~/lib/format.ts";
import { REFUND_INTENT, REFUND_PARAM, REFUND_REASON_MAX, refundTarget } from "../refund-schema.ts";

// The one refund dialog of the admin portal (docs/product.md §3.12): opened by
// `?refund=<kind>:<id>` on any screen that lists paid bookings, it posts to that screen's
// own action, and stays open after an answer (with the answer on top and the form ready for
// what is left), so a partial refund and then the rest are two presses of the same form.

/** What the dialog shows of a booking (from refundDialogFor, on the server). */
export type RefundDialogData = {
  bookingKind: BookingKind;
  bookingId: string;
  reference: string;
  title: string;
  /** What was paid (0 when unpaid). */
  paidCents: number;
  refundedCents: number;
  /** Reserved by refunds still on their way. */
  pendingCents: number;
  refundableCents: number;
  /** How the latest payment was made; null when no payment is on record. */
  provider: LedgerProvider | null;
  /** This drawing of the form: the same key twice is the same refund. */
  idempotencyKey: string;
  history: Array<{ id: string; at: string; amountCents: number; status: RefundStatus; by: string; failureReason: string | null }>;
};

const howItGoesBack: Record<LedgerProvider, string> = {
  stripe: "Stripe sends the money back to the card the customer paid with.",
  payfast: "PayFast sends the money back the way the customer paid (card or EFT); where it cannot, staff are told what to do.",
  test: "Paid through the test checkout: the refund is recorded, and no real money moves.",
  manual: "Paid by hand (marked as paid): pay the money back yourself, then record it here.",
};

const statusBadges: Record<RefundStatus, { label: string; tone: BadgeTone }> = {
  succeeded: { label: "Refunded", tone: "green" },
  pending: { label: "Pending", tone: "amber" },
  failed: { label: "Failed", tone: "red" },
};

/** The row action that opens the dialog for one booking, on the current page. */
export function RefundLink({ bookingKind, bookingId, reference, className }: { bookingKind: BookingKind; bookingId: string; reference: string; className?: string }) {
  const location = useLocation();
  return (
    <Link
      to={`${location.pathname}${searchWith(location.search, { [REFUND_PARAM]: refundTarget(bookingKind, bookingId) })}`}
      preventScrollReset
      className={className ?? "inline-flex min-h-8 items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-xs font-semibold text-ink-900 hover:bg-ink-100"}
    >
      <Undo2 aria-hidden="true" className="size-3.5" />
      Refund<span className="sr-only"> booking {reference}</span>
    </Link>
  );
}

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-ink-700 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm font-semibold text-ink-950">{children}</dd>
    </div>
  );
}

/** The refund dialog; `result` is the page's last action answer (only a refund answer for this booking is shown). */
export function RefundDialog({ data, result }: { data: RefundDialogData; result?: AdminActionResult | null }) {
  const location = useLocation();
  const navigation = useNavigation();
  const closedHref = `${location.pathname}${searchWith(location.search, { [REFUND_PARAM]: null })}`;
  const own = resultFor(result, REFUND_INTENT, data.bookingId);
  const { fieldErrors, values } = failureOf(own);
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === REFUND_INTENT;
  // A refused refund hands back a fresh key (its own was spent on the failed attempt); otherwise this drawing's.
  const idempotencyKey = (own && !own.ok && values.idempotencyKey) || data.idempotencyKey;
  const answer = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLFormElement>(null);

  // After an answer, focus goes where the reader needs it: the first field to correct, else the answer itself.
  useEffect(() => {
    if (!own) return;
    const invalid = form.current?.querySelector<HTMLElement>("[aria-invalid=true]");
    (invalid ?? answer.current)?.focus();
  }, [own]);

  const noPayment = data.provider === null || data.paidCents === 0;
  return (
    <UrlDialog closedHref={closedHref} title={`Refund booking ${data.reference}`} description={data.title} initialFocusId="refund-amount">
      <div ref={answer} tabIndex={-1} className="focus:outline-none" data-testid="refund-answer">
        <ResultNotice result={own} className="mb-4" />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-lg border border-ink-100 p-3 sm:grid-cols-4">
        <Fact label="Paid">{formatRand(data.paidCents)}</Fact>
        <Fact label="Refunded">{formatRand(data.refundedCents)}</Fact>
        {data.pendingCents > 0 ? <Fact label="Pending">{formatRand(data.pendingCents)}</Fact> : null}
        <Fact label="Refundable">{formatRand(data.refundableCents)}</Fact>
      </dl>

      {noPayment || data.refundableCents === 0 ? (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-ink-800">
            {noPayment ? "This booking has no payment on record, so there is nothing to refund." : "Nothing is left to refund of this booking."}
          </p>
          <Link to={closedHref} replace preventScrollReset className={buttonClasses("ghost", "md")}>
            Close
          </Link>
        </div>
      ) : (
        <Form method="post" preventScrollReset ref={form} key={idempotencyKey} className="mt-4 space-y-4" aria-label={`Refund booking ${data.reference}`}>
          <input type="hidden" name="intent" value={REFUND_INTENT} />
          <input type="hidden" name="bookingKind" value={data.bookingKind} />
          <input type="hidden" name="bookingId" value={data.bookingId} />
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <p className="text-sm text-ink-800">{data.provider ? howItGoesBack[data.provider] : null}</p>
          <AdminTextField
            id="refund-amount"
            name="amount"
            label="Amount to refund (R)"
            required
            inputMode="decimal"
            autoComplete="off"
            hint={`Up to ${formatRand(data.refundableCents)}. Less than that is a partial refund; the rest can be refunded later.`}
            defaultValue={values.amount ?? centsToDecimal(data.refundableCents)}
            errors={fieldErrors.amount}
          />
          <AdminTextField
            id="refund-reason"
            name="reason"
            label="Reason"
            required
            rows={3}
            maxLength={REFUND_REASON_MAX}
            hint="Kept with the refund in the books. Please write no personal details."
            defaultValue={values.reason}
            errors={fieldErrors.reason}
          />
          <div className="flex flex-wrap justify-end gap-2 border-t border-ink-100 pt-4">
            <Link to={closedHref} replace preventScrollReset className={buttonClasses("ghost", "md")}>
              Close
            </Link>
            <button type="submit" disabled={saving} className={buttonClasses("dark", "md", "cursor-pointer")}>
              <Undo2 aria-hidden="true" className="size-4" />
              {saving ? "Refunding…" : "Refund"}
            </button>
          </div>
        </Form>
      )}

      {data.history.length > 0 ? (
        <section aria-labelledby="refund-history-heading" className="mt-6">
          <h3 id="refund-history-heading" className="font-sans text-base font-semibold text-ink-950">
            Refunds of this booking
          </h3>
          <ul className="mt-2 divide-y divide-ink-100 rounded-lg border border-ink-100">
            {data.history.map((refund) => (
              <li key={refund.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                <span className="font-semibold text-ink-950">{formatRand(refund.amountCents)}</span>
                <StatusBadge tone={statusBadges[refund.status].tone}>{statusBadges[refund.status].label}</StatusBadge>
                <span className="text-xs text-ink-700">
                  {formatAdminDateTime(refund.at)} by {refund.by}
                  {refund.status === "failed" && refund.failureReason ? `: ${refund.failureReason}` : ""}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </UrlDialog>
  );
}
