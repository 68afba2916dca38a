import type Stripe from "stripe";
import { bookingKinds, type BookingKind } from "#db/schema/enums.ts";
import {
  RefundRefusedError,
  type CheckoutRequest,
  type ClosedCheckout,
  type OpenedCheckout,
  type PaymentProvider,
  type ProviderRefund,
  type ProviderRefundReport,
  type ProviderSession,
  type RefundRequest,
} from "./provider.server.ts";

export type StripeSettings = { secretKey: string; webhookSecret?: string; apiUrl?: string };

let sdk: Promise<typeof Stripe> | undefined;

/** The Stripe SDK, loaded with the first Stripe client: a site on PayFast or the test checkout never loads it. */
function stripeSdk(): Promise<typeof Stripe> {
  return (sdk ??= import("stripe").then((module) => module.default));
}

export async function createStripeClient(settings: StripeSettings): Promise<Stripe> {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const StripeSdk = await stripeSdk();
  return new StripeSdk(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: "thula-relocations-site" },
    ...(api && { host: api.hostname, port: api.port, protocol: api.protocol.replace(":", "") as "http" | "https" }),
  });
}

function toBookingKind(value: string | undefined): BookingKind | undefined {
  return bookingKinds.find((kind) => kind === value);
}

/** What our completion needs from a Stripe Checkout Session. */
export function providerSessionFromStripe(session: Stripe.Checkout.Session): ProviderSession {
  return {
    sessionId: session.id,
    status: session.payment_status === "paid" ? "paid" : session.status === "expired" ? "expired" : "open",
    amountCents: session.amount_total ?? 0,
    currency: (session.currency ?? "").toUpperCase(),
    bookingKind: toBookingKind(session.metadata?.booking_kind),
    bookingId: session.metadata?.booking_id,
  };
}

/** Stripe's refund states as ours: `pending` and `requires_action` are on their way, `canceled` never moved. */
export function refundStatusFromStripe(status: string | null): ProviderRefund["status"] {
  if (status === "succeeded") return "succeeded";
  if (status === "failed" || status === "canceled") return "failed";
  return "pending";
}

/** Stripe answered with a 4xx: it did not act on the request, and says why. */
function isRefusal(error: unknown, errors: typeof Stripe.errors): error is Stripe.errors.StripeError {
  return error instanceof errors.StripeError && typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500;
}

/** The payment intent of a paid Checkout Session: what a refund names. */
async function paymentIntentOf(stripe: Stripe, sessionId: string): Promise<string> {
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    // No refund was asked for yet, so nothing moved whatever went wrong.
    throw new RefundRefusedError(`Stripe could not find the payment to refund: ${error instanceof Error ? error.message : String(error)}`);
  }
  const paymentIntent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
  if (!paymentIntent) throw new RefundRefusedError("Stripe has no payment for this checkout, so there is nothing to refund.");
  return paymentIntent;
}

/**
 * A Stripe Refund as our reconciliation reads it. The booking comes from the refund's own
 * metadata when we made it, else from its payment intent's (set at checkout), which costs one
 * request: a refund made in Stripe's dashboard carries none of ours.
 */
export async function refundReportFromStripe(stripe: Stripe, refund: Stripe.Refund): Promise<ProviderRefundReport> {
  let metadata: Record<string, string> = { ...refund.metadata };
  const paymentIntent = typeof refund.payment_intent === "string" ? refund.payment_intent : refund.payment_intent?.id;
  if (!toBookingKind(metadata.booking_kind) && paymentIntent) {
    metadata = { ...(await stripe.paymentIntents.retrieve(paymentIntent)).metadata, ...metadata };
  }
  return {
    provider: "stripe",
    providerRefundId: refund.id,
    status: refundStatusFromStripe(refund.status),
    amountCents: refund.amount,
    currency: refund.currency.toUpperCase(),
    failureReason: refund.failure_reason ?? undefined,
    createdAt: new Date(refund.created * 1000),
    ourRefundId: metadata.refund_id,
    bookingKind: toBookingKind(metadata.booking_kind),
    bookingId: metadata.booking_id,
  };
}

/** `client` may still be on its way (createStripeClient loads the SDK): paymentProviderFor makes the provider at once. */
export function createStripeProvider(client: Stripe | Promise<Stripe>): PaymentProvider {
  const errors = async () => (await stripeSdk()).errors;
  // A client that failed to load fails the call that needs it, never as an unhandled rejection.
  Promise.resolve(client).catch(() => undefined);

  async function fetchSession(sessionId: string): Promise<ProviderSession | null> {
    const stripe = await client;
    try {
      return providerSessionFromStripe(await stripe.checkout.sessions.retrieve(sessionId));
    } catch (error) {
      if (error instanceof (await errors()).StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  return {
    name: "stripe",
    async openCheckout(request: CheckoutRequest): Promise<OpenedCheckout> {
      const stripe = await client;
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: { currency: "zar", unit_amount: request.amountCents, product_data: { name: request.description } },
            },
          ],
          customer_email: request.customerEmail,
          client_reference_id: request.bookingId,
          metadata: { booking_id: request.bookingId, booking_kind: request.bookingKind },
          payment_intent_data: { metadata: { booking_id: request.bookingId, booking_kind: request.bookingKind } },
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        // A retried request for the same hold opens the same session.
        { idempotencyKey: `checkout:${request.bookingKind}:${request.bookingId}:${request.expiresAt.getTime()}` },
      );
      if (!session.url) throw new Error("No checkout URL returned");
      return { sessionId: session.id, url: session.url };
    },
    fetchSession,
    async expireSession(sessionId: string): Promise<ClosedCheckout> {
      const stripe = await client;
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return "expired";
      } catch (error) {
        if (!(error instanceof (await errors()).StripeInvalidRequestError)) throw error;
      }
      // Stripe refused to expire it: not open any more (paid before the close, or already expired) or unknown.
      const session = await fetchSession(sessionId);
      return session?.status === "paid" ? "paid" : "expired";
    },
    async refund(request: RefundRequest): Promise<ProviderRefund> {
      const stripe = await client;
      const paymentIntent = await paymentIntentOf(stripe, request.checkoutSessionId);
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            amount: request.amountCents,
            // Stripe keeps up to 500 characters per metadata value.
            metadata: { ...request.metadata, reason: request.reason.slice(0, 500) },
          },
          // Stripe's own idempotency: a retried request (ours or the SDK's) is the same refund.
          { idempotencyKey: request.idempotencyKey },
        );
        return { providerRefundId: refund.id, status: refundStatusFromStripe(refund.status), failureReason: refund.failure_reason ?? undefined };
      } catch (error) {
        if (isRefusal(error, await errors())) throw new RefundRefusedError(error.message);
        throw error;
      }
    },
  };
}
