import Stripe from "stripe";
import { bookingKinds, type BookingKind } from "#db/schema/enums.ts";
import type { CheckoutRequest, OpenedCheckout, PaymentProvider, ProviderSession } from "./provider.server.ts";

export type StripeSettings = { secretKey: string; webhookSecret?: string; apiUrl?: string };

export function createStripeClient(settings: StripeSettings): Stripe {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  return new Stripe(settings.secretKey, {
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

export function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: "stripe",
    async openCheckout(request: CheckoutRequest): Promise<OpenedCheckout> {
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
    async fetchSession(sessionId: string): Promise<ProviderSession | null> {
      try {
        return providerSessionFromStripe(await stripe.checkout.sessions.retrieve(sessionId));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },
    async expireSession(sessionId: string): Promise<void> {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (error) {
        // Already expired or completed: nothing left to close.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw error;
      }
    },
  };
}
