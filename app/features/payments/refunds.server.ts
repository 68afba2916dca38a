import type { Db } from "#db/client.ts";
import type { BookingKind } from "#db/schema/enums.ts";
import type { Actor } from "~/features/activity/rules.ts";
import { recordActivity } from "~/features/activity/service.server.ts";
import { ConflictError, NotFoundError, ValidationError } from "~/lib/errors.ts";
import { formatRand } from "~/lib/format.ts";
import { bookingReference } from "~/lib/ids.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import {
  insertLedgerEntry,
  insertRefund,
  latestPayment,
  ledgerTotals,
  lockBookingMoney,
  lockRefund,
  refundByIdempotencyKey,
  updateRefund,
  type RefundRow,
} from "./ledger-queries.server.ts";
import { RefundRefusedError, type PaymentProvider, type ProviderRefund } from "./provider.server.ts";
import { bookingNouns, refundableNow, refundLimitMessage, refundOutcomeMessage, refundProviderLabels } from "./refund-rules.ts";
import type { PaidItems } from "./paid-items.server.ts";

// Refunds (docs/decisions/015, "Refunds"): a request is recorded first (pending, with its
// idempotency key), the provider is asked outside any transaction, and the answer is settled
// in one transaction: the refund's state, its ledger row, the booking's refunded_cents, the
// activity entry and the customer's e-mail. Everything that moves one booking's money back
// takes that booking's money lock first, so two refunds at once can never give back more
// than was paid.

export type { RefundRow };

export type RefundInput = {
  bookingKind: BookingKind;
  bookingId: string;
  amountCents: number;
  reason: string;
  actor: Actor;
  /** A double click or a retried form sends the same key: the same refund, made once. */
  idempotencyKey: string;
};

export type RefundOutcome = {
  refund: RefundRow;
  /** The key was seen before: this is that refund, and nothing was done now. */
  repeated: boolean;
  /** What staff are told. */
  message: string;
};

export const REASON_REQUIRED = "Give a reason for the refund.";
export const AMOUNT_REQUIRED = "Enter an amount of at least R0.01 to refund.";

const entityTypeOf = (kind: BookingKind) => (kind === "seminar" ? "seminar_booking" : "consultation");

/** The actor of refunds recorded from Stripe's own reports (a refund made in its dashboard). */
export const STRIPE_ACTOR: Actor = { id: null, name: "Stripe", email: null };

type Settlement = Pick<ProviderRefund, "status" | "failureReason"> & { providerRefundId?: string };

/**
 * Settles a refund request with the provider's answer, in the caller's transaction (which
 * holds the booking's money lock and the refund's row lock). Succeeded: the ledger row, the
 * booking's new refunded_cents (through its PaidItem, which also e-mails the customer) and
 * the activity entry. Pending: only the provider's id. Failed: the provider's reason.
 */
export async function settleRefund(
  tx: Db,
  items: PaidItems,
  refund: RefundRow,
  answer: Settlement,
  { actor, occurredAt, now }: { actor: Actor; occurredAt: Date; now: Date },
): Promise<RefundRow> {
  const reference = bookingReference(refund.bookingId);
  const noun = bookingNouns[refund.bookingKind];
  const amount = formatRand(refund.amountCents);
  const entry = (action: string, summary: string, changes?: Record<string, { before: unknown; after: unknown }>) =>
    recordActivity(tx, actor, { action: `${entityTypeOf(refund.bookingKind)}.${action}`, entityType: entityTypeOf(refund.bookingKind), entityId: refund.bookingId, summary, changes });
  const providerRefundId = answer.providerRefundId ?? refund.providerRefundId ?? undefined;

  if (answer.status === "failed") {
    const failureReason = answer.failureReason?.trim() || "The payment provider refused the refund.";
    const failed = await updateRefund(tx, refund.id, { status: "failed", failureReason, ...(providerRefundId && { providerRefundId }) });
    await entry("refund-failed", `A refund of ${amount} of ${noun} ${reference} failed: ${failureReason}`);
    return failed;
  }
  if (answer.status === "pending") {
    const pending = await updateRefund(tx, refund.id, { ...(providerRefundId && { providerRefundId }), failureReason: answer.failureReason ?? null });
    await entry("refund-pending", `Asked ${refundProviderLabels[refund.provider]} to refund ${amount} of ${noun} ${reference}: pending`);
    return pending;
  }

  if (!providerRefundId) throw new Error(`A succeeded refund needs the provider's reference (refund ${refund.id})`);
  const succeeded = await updateRefund(tx, refund.id, { status: "succeeded", providerRefundId, failureReason: null });
  const written = await insertLedgerEntry(tx, {
    entryType: "refund",
    bookingKind: refund.bookingKind,
    bookingId: refund.bookingId,
    amountCents: refund.amountCents,
    currency: refund.currency,
    provider: refund.provider,
    providerReference: providerRefundId,
    refundId: refund.id,
    reason: refund.reason,
    // The ledger names who moved the money: the admin who asked, or Stripe for its dashboard's refunds.
    actorId: refund.requestedById,
    actorName: refund.requestedByName,
    occurredAt,
  });
  if (!written) {
    log.warn("A refund was already in the ledger; the booking was updated then", { refundId: refund.id, providerRefundId });
    return succeeded;
  }
  const item = items[refund.bookingKind];
  const money = await item.money(tx, refund.bookingId);
  if (!money) throw new Error(`Refunded booking ${refund.bookingId} is gone`);
  // The provider never refunds more than was charged; a booking whose amount says otherwise is logged, not broken.
  if (money.refundedCents + refund.amountCents > money.amountCents) log.error("A refund goes past the booking's amount", { refundId: refund.id, bookingId: refund.bookingId });
  const refundedCents = Math.min(money.amountCents, money.refundedCents + refund.amountCents);
  const fully = refundedCents >= money.amountCents;
  await item.refunded(tx, refund.bookingId, {
    refundId: refund.id,
    amountCents: refund.amountCents,
    refundedCents,
    fully,
    by: refund.requestedByName,
    reason: refund.reason,
    provider: refund.provider,
    now,
  });
  const through = refund.provider === "manual" ? "paid back outside the website" : `${refundProviderLabels[refund.provider]} ${providerRefundId}`;
  await entry("refund", `Refunded ${amount} of ${noun} ${reference} (${through})${fully ? ": fully refunded" : ""}`, {
    refunded: { before: formatRand(money.refundedCents), after: formatRand(refundedCents) },
  });
  return succeeded;
}

function validated(input: RefundInput): { reason: string } {
  const reason = input.reason.trim();
  const fieldErrors: Record<string, string[]> = {};
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) fieldErrors.amount = [AMOUNT_REQUIRED];
  if (!reason) fieldErrors.reason = [REASON_REQUIRED];
  if (Object.keys(fieldErrors).length > 0) throw new ValidationError(Object.values(fieldErrors).flat()[0]!, fieldErrors);
  return { reason };
}

/** What can be refunded of a booking now: paid, less refunded, less refunds still on their way (0 when unpaid or unknown). */
export async function refundableCents(db: Db, items: PaidItems, booking: { bookingKind: BookingKind; bookingId: string }): Promise<number> {
  const money = await items[booking.bookingKind].money(db, booking.bookingId);
  return money ? refundableNow(money, await ledgerTotals(db, booking)) : 0;
}

type Started = { kind: "repeated"; refund: RefundRow } | { kind: "settled"; refund: RefundRow } | { kind: "ask"; refund: RefundRow; checkoutSessionId: string; paymentReference: string };

/**
 * Refunds `amountCents` of a paid booking. Refused (nothing written): no reason, an amount
 * of 0 or more than can be refunded now, an unpaid booking, a booking paid through a provider
 * this site is not using. A key seen before answers that refund and does nothing else.
 * Manual payments are refunded at once as money staff paid back outside the site.
 */
export async function refundBooking(db: Db, provider: PaymentProvider, items: PaidItems, input: RefundInput, now = new Date()): Promise<RefundOutcome> {
  const { reason } = validated(input);
  const booking = { bookingKind: input.bookingKind, bookingId: input.bookingId };
  const item = items[input.bookingKind];

  const started = await db.transaction(async (tx): Promise<Started> => {
    await lockBookingMoney(tx, booking);
    const seen = await refundByIdempotencyKey(tx, input.idempotencyKey);
    if (seen) {
      if (seen.bookingKind !== input.bookingKind || seen.bookingId !== input.bookingId) throw new ConflictError("That refund form belongs to another booking. Please open the refund again.");
      return { kind: "repeated", refund: seen };
    }
    const money = await item.money(tx, input.bookingId);
    if (!money) throw new NotFoundError("Booking not found. It may have been removed.");
    const payment = await latestPayment(tx, booking);
    if (!money.isPaid || !payment) throw new ConflictError("This booking has no payment on record, so there is nothing to refund.");
    const ledger = await ledgerTotals(tx, booking);
    const refundable = refundableNow(money, ledger);
    if (input.amountCents > refundable) {
      const message = refundLimitMessage(refundable, money, ledger);
      throw new ValidationError(message, { amount: [message] });
    }
    if (payment.provider !== "manual" && payment.provider !== provider.name) {
      throw new ConflictError(`This booking was paid through ${refundProviderLabels[payment.provider]}, which this site is not using now, so it cannot be refunded here.`);
    }
    const refund = await insertRefund(tx, {
      ...booking,
      amountCents: input.amountCents,
      currency: payment.currency,
      reason,
      status: "pending",
      provider: payment.provider,
      idempotencyKey: input.idempotencyKey,
      requestedById: input.actor.id,
      requestedByName: input.actor.name,
    });
    if (payment.provider === "manual") {
      const settled = await settleRefund(tx, items, refund, { status: "succeeded", providerRefundId: `manual:${refund.id}` }, { actor: input.actor, occurredAt: now, now });
      return { kind: "settled", refund: settled };
    }
    if (!payment.checkoutSessionId) throw new Error(`Payment ${payment.id} through ${payment.provider} has no checkout session`);
    return { kind: "ask", refund, checkoutSessionId: payment.checkoutSessionId, paymentReference: payment.providerReference };
  });
  if (started.kind !== "ask") return { refund: started.refund, repeated: started.kind === "repeated", message: refundOutcomeMessage(started.refund) };

  let answer: Settlement;
  try {
    answer = await provider.refund({
      checkoutSessionId: started.checkoutSessionId,
      paymentReference: started.paymentReference,
      amountCents: started.refund.amountCents,
      reason,
      idempotencyKey: input.idempotencyKey,
      metadata: { booking_kind: input.bookingKind, booking_id: input.bookingId, refund_id: started.refund.id },
    });
  } catch (error) {
    if (error instanceof RefundRefusedError) {
      answer = { status: "failed", failureReason: error.message };
    } else {
      // The request may or may not have reached the provider: the refund stays pending (its amount
      // reserved) until the provider's webhook reports it; a second refund cannot double it.
      log.error("The payment provider did not answer a refund; it stays pending", { refundId: started.refund.id, ...errorFields(error) });
      answer = { status: "pending", failureReason: `No answer from the provider: ${error instanceof Error ? error.message : String(error)}` };
    }
  }

  const settled = await db.transaction(async (tx) => {
    await lockBookingMoney(tx, booking);
    const current = await lockRefund(tx, started.refund.id);
    // A webhook may have settled it while the provider was answering us.
    if (!current || current.status !== "pending" || (current.providerRefundId && answer.status === "pending")) return current ?? started.refund;
    return settleRefund(tx, items, current, answer, { actor: input.actor, occurredAt: now, now });
  });
  return { refund: settled, repeated: false, message: refundOutcomeMessage(settled) };
}
