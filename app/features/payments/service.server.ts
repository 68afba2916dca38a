import type { Db } from "#db/client.ts";
import type { BookingKind } from "#db/schema/enums.ts";
import type { Settings } from "~/lib/env.server.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import { insertLedgerEntry } from "./ledger-queries.server.ts";
import type { PaidItems } from "./paid-items.server.ts";
import type { CheckoutRequest, ClosedCheckout, OpenedCheckout, PaymentProvider, ProviderSession } from "./provider.server.ts";
import { checkoutOrLedgerExists, expireOpenCheckout, insertCheckoutSession, lockCheckoutSession, markCheckoutPaid, openSessionsForBooking } from "./queries.server.ts";
import { createStripeClient, createStripeProvider } from "./stripe-provider.server.ts";
import { createTestProvider } from "./test-provider.server.ts";
import { createPayfastProvider } from "./payfast/provider.server.ts";

// The payments feature's public service: the provider seam, opening, reusing and closing
// checkouts, and the one idempotent completion. It knows nothing of seminars or
// consultations: what a payment completes is passed in as PaidItems.

export type { ClosedCheckout, PaymentProvider, ProviderSession };
export type { BookingRefund, PaidItem, PaidItems } from "./paid-items.server.ts";
export { lockBookingMoney } from "./ledger-queries.server.ts";
export { MARKED_UNPAID, recordManualPayment, reverseManualPayment } from "./manual-payments.server.ts";
export { refundableCents, refundBooking, STRIPE_ACTOR, type RefundInput, type RefundOutcome } from "./refunds.server.ts";
export { reconcileProviderRefund, DASHBOARD_REFUND_REASON, type ReportOutcome } from "./refund-reports.server.ts";
export { isRefundPost, refundDialogFor, refundFromForm } from "./refund-form.server.ts";

// Reading the ledger for the dashboard and the statement (docs/decisions/015, "Reports"; 034).
export { firstLedgerEntryAt, ledgerEntriesIn, ledgerEntryBatchesIn, ledgerGroupsByMonth, ledgerTotals } from "./ledger.server.ts";
export type { LedgerEntry, LedgerMonthGroup, LedgerMonths, LedgerPeriod, LedgerTotals } from "./ledger.server.ts";
export { ledgerTotalsOf } from "./ledger.ts";

/** A checkout stays payable this long: Stripe refuses less than 30 minutes from its own clock, so one minute of slack. */
export const CHECKOUT_MINUTES = 31;
/** An open checkout is reused (the visitor pressed Pay again) only while it has this much time left. */
export const CHECKOUT_REUSE_MINUTES = 5;

/** When a checkout opened now expires. */
export function checkoutExpiry(now: Date): Date {
  return new Date(now.getTime() + CHECKOUT_MINUTES * 60_000);
}

const providers = new WeakMap<Settings, PaymentProvider>();

/** Which provider takes new payments (docs/decisions/028): PayFast when its settings are set, else Stripe when STRIPE_SECRET_KEY is, else the built-in test checkout. */
export function paymentProviderFor(db: Db, settings: Settings): PaymentProvider {
  let provider = providers.get(settings);
  if (!provider) {
    provider = settings.payfast
      ? createPayfastProvider(db, settings.payfast, settings.siteUrl)
      : settings.stripe
        ? createStripeProvider(createStripeClient(settings.stripe))
        : createTestProvider(db, settings.siteUrl);
    providers.set(settings, provider);
  }
  return provider;
}

/** Opens a checkout with the provider and records it, with the amount the caller read from the database. */
export async function openCheckout(db: Db, provider: PaymentProvider, request: CheckoutRequest): Promise<OpenedCheckout> {
  const opened = await provider.openCheckout(request);
  await insertCheckoutSession(db, {
    id: opened.sessionId,
    provider: provider.name,
    bookingKind: request.bookingKind,
    bookingId: request.bookingId,
    amountCents: request.amountCents,
    currency: "ZAR",
    url: opened.url,
    expiresAt: request.expiresAt,
  });
  return opened;
}

export type CompletionStatus =
  /** This call marked the session paid and completed its booking. */
  | "completed"
  /** Already completed earlier (a replay, or the webhook and the success page racing). */
  | "already-completed"
  /** The provider does not report the session as paid. */
  | "unpaid"
  /** The test checkout only: it was closed (cancelled, expired) before this Pay, so nothing was paid. */
  | "expired"
  /** We never opened this session. */
  | "unknown"
  /** The provider's amount, currency or booking differ from what we recorded: refused. */
  | "mismatch";

/**
 * How a payment may land. A provider's report (Stripe) is money that moved: it is recorded even
 * on a checkout we had already closed. The test checkout is its own provider: its Pay lands
 * only on a checkout still open and unexpired, so a Cancel that closed it first wins.
 */
export type CompletionRule = { onlyWhileOpen?: boolean };

/**
 * The one completion path for the webhook, the success page and the test checkout. Exactly
 * once: the checkout session row is locked and moved to paid by compare-and-set, and only the
 * call that moves it writes the ledger row and completes the booking (docs/decisions/017).
 */
export async function completeCheckout(
  db: Db,
  evidence: ProviderSession,
  items: Partial<PaidItems>,
  now = new Date(),
  { onlyWhileOpen = false }: CompletionRule = {},
): Promise<{ status: CompletionStatus; bookingKind?: string; bookingId?: string; amountCents?: number }> {
  if (evidence.status !== "paid") return { status: "unpaid" };
  return db.transaction(async (tx) => {
    const session = await lockCheckoutSession(tx, evidence.sessionId);
    if (!session) return { status: "unknown" as const };
    const facts = { bookingKind: session.bookingKind, bookingId: session.bookingId, amountCents: session.amountCents };
    if (session.status === "paid") return { status: "already-completed" as const, ...facts };

    const sameBooking = evidence.bookingId === undefined || evidence.bookingId === session.bookingId;
    if (evidence.amountCents !== session.amountCents || evidence.currency !== session.currency || !sameBooking) {
      log.error("Refused a payment whose details differ from the checkout we opened", {
        sessionId: session.id,
        expected: { amountCents: session.amountCents, currency: session.currency, bookingId: session.bookingId },
        received: { amountCents: evidence.amountCents, currency: evidence.currency, bookingId: evidence.bookingId },
      });
      return { status: "mismatch" as const, ...facts };
    }

    const rule = onlyWhileOpen ? { from: ["open"] as const, now, payableAt: now } : { from: ["open", "expired"] as const, now };
    if (!(await markCheckoutPaid(tx, session.id, rule))) return { status: "expired" as const, ...facts };
    // The money is on record whatever the booking makes of it (a late or a second payment is still money received).
    await insertLedgerEntry(tx, {
      entryType: "payment",
      bookingKind: session.bookingKind,
      bookingId: session.bookingId,
      amountCents: session.amountCents,
      currency: session.currency,
      provider: session.provider,
      checkoutSessionId: session.id,
      providerReference: evidence.providerReference ?? session.id,
      actorName: "Visitor",
      occurredAt: now,
    });
    const item = items[session.bookingKind];
    if (!item) throw new Error(`No completion for ${session.bookingKind} payments`);
    await item.complete(tx, session.bookingId, session.id, now);
    return { status: "completed" as const, ...facts };
  });
}

/** The provider closed the session unpaid: record it, unless a payment got there first; the caller releases what it held. */
export async function markCheckoutExpired(db: Db, sessionId: string): Promise<{ bookingKind: BookingKind; bookingId: string } | undefined> {
  const expired = await expireOpenCheckout(db, sessionId);
  return expired && { bookingKind: expired.bookingKind, bookingId: expired.bookingId };
}

/** Closes a checkout with the provider without failing the caller's flow: what the provider now holds, or "failed" when it could not be asked. */
async function closeCheckoutQuietly(provider: PaymentProvider, sessionId: string): Promise<ClosedCheckout | "failed"> {
  try {
    return await provider.expireSession(sessionId);
  } catch (error) {
    log.warn("Could not close a checkout session with the provider", { sessionId, ...errorFields(error) });
    return "failed";
  }
}

/**
 * Closes every open checkout of these bookings with the provider and records it expired, so
 * nobody can pay for what is being given up or taken away. A checkout the provider reports paid
 * (the payment got there before the close) stays as it is for its completion to record, and is
 * returned: the payment won, and the caller must not give the booking up as unpaid.
 */
export async function closeOpenCheckouts(
  db: Db,
  provider: PaymentProvider,
  bookingKind: BookingKind,
  bookingIds: readonly string[],
): Promise<{ paid: string[] }> {
  const paid: string[] = [];
  for (const bookingId of bookingIds) {
    for (const session of await openSessionsForBooking(db, bookingKind, bookingId)) {
      if ((await closeCheckoutQuietly(provider, session.id)) === "paid") paid.push(session.id);
      else await markCheckoutExpired(db, session.id);
    }
  }
  return { paid };
}

/** The booking's open checkout with this provider that still has CHECKOUT_REUSE_MINUTES left, if any. */
export async function reusableCheckout(
  db: Db,
  provider: PaymentProvider,
  { bookingKind, bookingId, now }: { bookingKind: BookingKind; bookingId: string; now: Date },
): Promise<{ url: string } | undefined> {
  const open = await openSessionsForBooking(db, bookingKind, bookingId);
  const reusable = open.find(
    (session) => session.provider === provider.name && session.expiresAt.getTime() - now.getTime() > CHECKOUT_REUSE_MINUTES * 60_000,
  );
  return reusable && { url: reusable.url };
}

/**
 * Money is on record for this booking: a checkout was opened for it (a payment may have
 * started) or the ledger holds a payment or refund of it. Such a booking is cancelled, never
 * deleted (docs/decisions/015); the database refuses the delete as well.
 */
export function hasCheckoutOrPayment(db: Db, bookingKind: BookingKind, bookingId: string): Promise<boolean> {
  return checkoutOrLedgerExists(db, bookingKind, bookingId);
}
