import type Stripe from "stripe";
import type { Db } from "#db/client.ts";
import type { BookingKind } from "#db/schema/enums.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import type { PayfastSettings } from "~/lib/env.server.ts";
import type { PayfastCheckout } from "./components/payfast-checkout-view.tsx";
import type { TestCheckout } from "./components/test-checkout-view.tsx";
import { verifiedCheckoutForm } from "./payfast/provider.server.ts";
import { moneyState, type MoneyState } from "./booking-money.ts";
import { findCheckoutSession, type CheckoutSessionRow } from "./queries.server.ts";
import { completeCheckout, markCheckoutExpired, type PaidItems, type PaymentProvider } from "./service.server.ts";
import { reconcileProviderRefund } from "./refund-reports.server.ts";
import { providerSessionFromStripe, refundReportFromStripe } from "./stripe-provider.server.ts";

// Where a payment finishes: the Stripe webhook, the success page and the test checkout all
// complete it here, through the one idempotent completion. What each kind of booking does
// when paid or expired comes in as PaidItems (app/wiring/payments.server.ts).

export type PaymentSummary =
  | { state: "paid"; amountCents: number; itemTitle: string; bookingKind: BookingKind }
  /** The money arrived but the booking no longer stood (its hold lapsed and the seat went, or it was cancelled): what is owed back. */
  | { state: "paid-not-booked"; amountCents: number; itemTitle: string; bookingKind: BookingKind; money: MoneyState }
  | { state: "unpaid" | "expired" | "unknown" };

/** What a paid checkout came to, from the booking as it now stands: the page says the outcome that won. */
async function paidSummary(db: Db, items: PaidItems, session: CheckoutSessionRow): Promise<PaymentSummary> {
  const item = items[session.bookingKind];
  const [title, booked, money] = await Promise.all([item.title(db, session.bookingId), item.isBooked(db, session.bookingId), item.money(db, session.bookingId)]);
  const facts = { amountCents: session.amountCents, itemTitle: title ?? "Your booking", bookingKind: session.bookingKind };
  return booked ? { state: "paid", ...facts } : { state: "paid-not-booked", ...facts, money: money ? moneyState(money) : "paid" };
}

/**
 * The success page: asks the provider whether the session is paid, completes it if so
 * (the webhook may not have arrived yet), and reads the outcome from our own records.
 */
export async function confirmPaymentForVisitor(db: Db, provider: PaymentProvider, items: PaidItems, sessionId: string): Promise<PaymentSummary> {
  const recorded = await findCheckoutSession(db, sessionId);
  if (!recorded) return { state: "unknown" };
  if (recorded.status !== "paid") {
    // A checkout of a provider the site no longer uses can be neither asked about nor paid any more.
    if (recorded.provider !== provider.name) return { state: recorded.status === "expired" ? "expired" : "unknown" };
    const evidence = await provider.fetchSession(sessionId);
    if (!evidence) return { state: "unknown" };
    if (evidence.status !== "paid") return { state: evidence.status === "expired" ? "expired" : "unpaid" };
    const result = await completeCheckout(db, evidence, items);
    if (result.status !== "completed" && result.status !== "already-completed") return { state: "unpaid" };
  }
  return paidSummary(db, items, recorded);
}

/**
 * The built-in test checkout's page; undefined for anything but a test session of ours, and
 * for every session once a real provider is configured (a test session recorded before then
 * must not become a free seat).
 */
export async function testCheckoutFor(
  db: Db,
  provider: PaymentProvider,
  items: PaidItems,
  sessionId: string,
  now = new Date(),
): Promise<(TestCheckout & { bookingKind: BookingKind; bookingId: string }) | undefined> {
  if (provider.name !== "test") return undefined;
  const session = sessionId.length <= 255 ? await findCheckoutSession(db, sessionId) : undefined;
  if (!session || session.provider !== "test") return undefined;
  const lapsed = session.status === "open" && session.expiresAt <= now;
  return {
    state: session.status === "paid" ? "paid" : session.status === "expired" || lapsed ? "expired" : "open",
    sessionId: session.id,
    amountCents: session.amountCents,
    itemTitle: (await items[session.bookingKind].title(db, session.bookingId)) ?? "Your booking",
    expiresAt: session.expiresAt.toISOString(),
    bookingKind: session.bookingKind,
    bookingId: session.bookingId,
  };
}

/**
 * Our hop to PayFast's page for an open, unexpired PayFast checkout: the signed form its stored
 * address carries, verified against our record. undefined for anything else, including every
 * session once PayFast is no longer configured.
 */
export async function payfastCheckoutFor(
  db: Db,
  settings: PayfastSettings | undefined,
  items: PaidItems,
  sessionId: string,
  query: URLSearchParams,
  now = new Date(),
): Promise<PayfastCheckout | undefined> {
  if (!settings) return undefined;
  const session = sessionId.length <= 255 ? await findCheckoutSession(db, sessionId) : undefined;
  if (!session || session.provider !== "payfast" || session.status !== "open" || session.expiresAt <= now) return undefined;
  const fields = verifiedCheckoutForm(settings, session, query);
  if (!fields) return undefined;
  return {
    action: settings.processUrl,
    fields,
    amountCents: session.amountCents,
    itemTitle: (await items[session.bookingKind].title(db, session.bookingId)) ?? "your booking",
  };
}

/**
 * The built-in test checkout's Pay: the "provider" takes the money and completion runs, only
 * while the checkout is open and unexpired (a Cancel or an expiry that got there first wins),
 * and never once a real provider is configured.
 */
export async function payTestCheckout(db: Db, provider: PaymentProvider, items: PaidItems, sessionId: string, now = new Date()) {
  if (provider.name !== "test") return { status: "unknown" as const };
  const recorded = await findCheckoutSession(db, sessionId);
  if (!recorded || recorded.provider !== "test") return { status: "unknown" as const };
  if (recorded.status === "expired" || (recorded.status === "open" && recorded.expiresAt <= now)) return { status: "expired" as const };
  const evidence = {
    sessionId,
    status: "paid" as const,
    amountCents: recorded.amountCents,
    currency: recorded.currency,
    bookingKind: recorded.bookingKind,
    bookingId: recorded.bookingId,
  };
  return completeCheckout(db, evidence, items, now, { onlyWhileOpen: true });
}

/** The provider expired a checkout unpaid: it is recorded, and what it held is given back. */
async function expireCheckout(db: Db, items: PaidItems, sessionId: string): Promise<void> {
  const expired = await markCheckoutExpired(db, sessionId);
  if (expired) await items[expired.bookingKind].expire?.(db, expired.bookingId);
}

async function reconcileStripeRefund(db: Db, stripe: Stripe, items: PaidItems, eventId: string, refund: Stripe.Refund): Promise<void> {
  const result = await reconcileProviderRefund(db, items, await refundReportFromStripe(stripe, refund));
  log.info("Stripe refund reconciled", { eventId, refundId: refund.id, status: refund.status, result });
}

export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
}

/**
 * How old a signed delivery may be: Stripe's own default, written out so that widening the
 * replay window is a visible change (a test sends one just outside it). Stripe signs each
 * retry afresh, so a genuine delivery is never older than a few seconds.
 */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * A Stripe webhook delivery. The signature is checked over the raw body before anything
 * else, and refused when signed more than WEBHOOK_TOLERANCE_SECONDS ago (a replay); a
 * forged or replayed event changes nothing (completion is idempotent).
 */
export async function handleStripeWebhook(
  db: Db,
  stripe: Stripe,
  items: PaidItems,
  { payload, signature, webhookSecret }: { payload: string; signature: string | null; webhookSecret: string },
): Promise<{ handled: boolean; type?: string }> {
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(payload, signature ?? "", webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    log.warn("Refused a Stripe webhook with a bad or expired signature", errorFields(error));
    throw new WebhookSignatureError("Invalid signature");
  }
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const result = await completeCheckout(db, providerSessionFromStripe(event.data.object), items);
      log.info("Stripe checkout completed", { eventId: event.id, sessionId: event.data.object.id, result: result.status });
      return { handled: true, type: event.type };
    }
    case "checkout.session.expired": {
      await expireCheckout(db, items, event.data.object.id);
      return { handled: true, type: event.type };
    }
    // A refund's life (ours, or one made in Stripe's dashboard): each carries the Refund itself.
    case "refund.created":
    case "refund.updated":
    case "refund.failed":
    case "charge.refund.updated": {
      await reconcileStripeRefund(db, stripe, items, event.id, event.data.object);
      return { handled: true, type: event.type };
    }
    // The charge's refunds: every one of them is reconciled (those already on record change nothing).
    case "charge.refunded": {
      const charge = event.data.object;
      const listed = charge.refunds?.data?.length ? charge.refunds.data : (await stripe.refunds.list({ charge: charge.id, limit: 100 })).data;
      for (const refund of listed) await reconcileStripeRefund(db, stripe, items, event.id, refund);
      return { handled: true, type: event.type };
    }
    default:
      return { handled: false, type: event.type };
  }
}
