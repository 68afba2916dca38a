import type { Db } from "#db/client.ts";
import type { Settings } from "~/lib/env.server.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import type { CheckoutRequest, OpenedCheckout, PaymentProvider, ProviderSession } from "./provider.server.ts";
import { insertCheckoutSession, lockCheckoutSession, setCheckoutStatus } from "./queries.server.ts";
import { createStripeClient, createStripeProvider } from "./stripe-provider.server.ts";
import { createTestProvider } from "./test-provider.server.ts";

export type { PaymentProvider, ProviderSession };

const providers = new WeakMap<Settings, PaymentProvider>();

/** Stripe when STRIPE_SECRET_KEY is set, the built-in test checkout otherwise. */
export function paymentProviderFor(db: Db, settings: Settings): PaymentProvider {
  let provider = providers.get(settings);
  if (!provider) {
    provider = settings.stripe ? createStripeProvider(createStripeClient(settings.stripe)) : createTestProvider(db, settings.siteUrl);
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
  /** We never opened this session. */
  | "unknown"
  /** The provider's amount, currency or booking differ from what we recorded: refused. */
  | "mismatch";

export type CompletionHandlers = {
  /** Completes the booking inside the transaction that marks the session paid. */
  seminar?: (tx: Db, bookingId: string, sessionId: string, now: Date) => Promise<void>;
  consultation?: (tx: Db, bookingId: string, sessionId: string, now: Date) => Promise<void>;
};

/**
 * The one completion path for the webhook, the success page and the test checkout.
 * Idempotent: the checkout session row is locked, and only the first call that finds it
 * open marks it paid and completes the booking.
 */
export async function completeCheckout(
  db: Db,
  evidence: ProviderSession,
  handlers: CompletionHandlers,
  now = new Date(),
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

    await setCheckoutStatus(tx, session.id, "paid", now);
    const complete = handlers[session.bookingKind];
    if (!complete) throw new Error(`No completion for ${session.bookingKind} payments`);
    await complete(tx, session.bookingId, session.id, now);
    return { status: "completed" as const, ...facts };
  });
}

/** The provider closed the session unpaid: record it; the caller releases what it held. */
export async function markCheckoutExpired(db: Db, sessionId: string): Promise<{ bookingKind: string; bookingId: string } | undefined> {
  return db.transaction(async (tx) => {
    const session = await lockCheckoutSession(tx, sessionId);
    if (!session || session.status !== "open") return undefined;
    await setCheckoutStatus(tx, sessionId, "expired");
    return { bookingKind: session.bookingKind, bookingId: session.bookingId };
  });
}

/** Closes a checkout with the provider without failing the caller's flow. */
export async function closeCheckoutQuietly(provider: PaymentProvider, sessionId: string): Promise<void> {
  try {
    await provider.expireSession(sessionId);
  } catch (error) {
    log.warn("Could not close a checkout session with the provider", { sessionId, ...errorFields(error) });
  }
}
