import { randomUUID } from "node:crypto";
import type { Db } from "#db/client.ts";
import type { Actor } from "~/features/activity/rules.ts";
import type { AdminOutcome } from "~/lib/form-answers.server.ts";
import { formValues, parseForm, readForm } from "~/lib/forms.server.ts";
import { bookingReference } from "~/lib/ids.ts";
import type { RefundDialogData } from "./components/refund-dialog.tsx";
import { latestPayment, ledgerTotals, refundsOf } from "./ledger-queries.server.ts";
import type { PaidItems } from "./paid-items.server.ts";
import type { PaymentProvider } from "./provider.server.ts";
import { refundableNow } from "./refund-rules.ts";
import { parseRefundTarget, REFUND_INTENT, refundFormSchema } from "./refund-schema.ts";
import { refundBooking } from "./refunds.server.ts";

// The refund dialog's server side, shared by every admin screen that offers "Refund": the
// loader's data for `?refund=<kind>:<id>`, and the action's answer to its form.

/** The dialog for `?refund=<kind>:<id>`; null when the parameter names no booking. */
export async function refundDialogFor(db: Db, items: PaidItems, target: string | null): Promise<RefundDialogData | null> {
  const booking = parseRefundTarget(target);
  if (!booking) return null;
  const item = items[booking.bookingKind];
  const money = await item.money(db, booking.bookingId);
  if (!money) return null;
  const [title, ledger, payment, history] = await Promise.all([
    item.title(db, booking.bookingId),
    ledgerTotals(db, booking),
    latestPayment(db, booking),
    refundsOf(db, booking),
  ]);
  return {
    ...booking,
    reference: bookingReference(booking.bookingId),
    title: title ?? "Booking",
    paidCents: money.isPaid ? money.amountCents : 0,
    refundedCents: money.refundedCents,
    pendingCents: ledger.pendingRefundCents,
    refundableCents: payment ? refundableNow(money, ledger) : 0,
    provider: payment?.provider ?? null,
    // A new key each time the dialog is drawn: a resent form (double click, retry) is the same refund, a new one is not.
    idempotencyKey: randomUUID(),
    history: history.slice(0, 10).map((refund) => ({
      id: refund.id,
      at: refund.createdAt.toISOString(),
      amountCents: refund.amountCents,
      status: refund.status,
      by: refund.requestedByName,
      failureReason: refund.failureReason,
    })),
  };
}

/** The refund dialog's post: the refund's outcome for staff, or its refusal (a failed provider refund answers with the provider's words). */
export async function refundFromForm(db: Db, provider: PaymentProvider, items: PaidItems, actor: Actor, form: FormData): Promise<AdminOutcome> {
  const parsed = parseForm(form, refundFormSchema);
  if (!parsed.ok) return { ...parsed, message: Object.values(parsed.fieldErrors).flat()[0] ?? parsed.message, target: String(form.get("bookingId") ?? "") || undefined };
  const { bookingKind, bookingId, amount, reason, idempotencyKey } = parsed.data;
  const outcome = await refundBooking(db, provider, items, { bookingKind, bookingId, amountCents: amount, reason, actor, idempotencyKey });
  // The key was spent on the failed attempt: the form comes back with a fresh one, so pressing Refund again tries again.
  if (outcome.refund.status === "failed") return { ok: false, message: outcome.message, fieldErrors: {}, values: { ...formValues(form), idempotencyKey: randomUUID() }, target: bookingId };
  return { ok: true, message: outcome.repeated ? `Already done: ${outcome.message}` : outcome.message, target: bookingId };
}

/** Whether a post is the refund dialog's (read from a copy, so the route can still read the request itself). */
export async function isRefundPost(request: Request): Promise<boolean> {
  try {
    return (await readForm(request.clone())).get("intent") === REFUND_INTENT;
  } catch {
    return false;
  }
}
