import type Stripe from "stripe";
import type { Db } from "#db/client.ts";
import { completeCheckout, type CompletionHandlers, type PaymentProvider } from "~/features/payments/service.server.ts";
import { findCheckoutSession } from "~/features/payments/queries.server.ts";
import { providerSessionFromStripe } from "~/features/payments/stripe-provider.server.ts";
import { consultationCompletion } from "~/features/consultations/service.server.ts";
import { expireSeminarCheckout, seminarCompletion } from "~/features/seminars/checkout.server.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import { paidSeminarSummary } from "~/features/seminars/queries.server.ts";

// Where payments meet the things paid for: the webhook, the success page and the test
// checkout all finish a payment here, through the one idempotent completion.

function completionHandlers(siteUrl: string): CompletionHandlers {
  return { seminar: seminarCompletion(siteUrl), consultation: consultationCompletion(siteUrl) };
}

export type PaymentSummary =
  | { state: "paid"; amountCents: number; itemTitle: string; bookingKind: "seminar" | "consultation" }
  | { state: "unpaid" | "expired" | "unknown" };

/**
 * The success page: asks the provider whether the session is paid, completes it if so
 * (the webhook may not have arrived yet), and reads the summary from our own records.
 */
export async function confirmPaymentForVisitor(db: Db, provider: PaymentProvider, sessionId: string, siteUrl: string): Promise<PaymentSummary> {
  const recorded = await findCheckoutSession(db, sessionId);
  if (!recorded) return { state: "unknown" };
  if (recorded.status !== "paid") {
    const evidence = await provider.fetchSession(sessionId);
    if (!evidence) return { state: "unknown" };
    if (evidence.status !== "paid") return { state: evidence.status === "expired" ? "expired" : "unpaid" };
    const result = await completeCheckout(db, evidence, completionHandlers(siteUrl));
    if (result.status !== "completed" && result.status !== "already-completed") return { state: "unpaid" };
  }
  if (recorded.bookingKind === "seminar") {
    const summary = await paidSeminarSummary(db, recorded.bookingId);
    if (summary) return { state: "paid", amountCents: recorded.amountCents, itemTitle: summary.title, bookingKind: "seminar" };
  }
  if (recorded.bookingKind === "consultation") {
    return { state: "paid", amountCents: recorded.amountCents, itemTitle: "Private consultation (60 minutes)", bookingKind: "consultation" };
  }
  return { state: "paid", amountCents: recorded.amountCents, itemTitle: "Your booking", bookingKind: recorded.bookingKind };
}

/** The built-in test checkout's Pay button: the "provider" marks it paid and completion runs. */
export async function payTestCheckout(db: Db, sessionId: string, siteUrl: string) {
  const recorded = await findCheckoutSession(db, sessionId);
  if (!recorded || recorded.provider !== "test") return { status: "unknown" as const };
  if (recorded.status === "expired" || (recorded.status === "open" && recorded.expiresAt <= new Date())) return { status: "expired" as const };
  return completeCheckout(
    db,
    {
      sessionId,
      status: "paid",
      amountCents: recorded.amountCents,
      currency: recorded.currency,
      bookingKind: recorded.bookingKind,
      bookingId: recorded.bookingId,
    },
    completionHandlers(siteUrl),
  );
}

export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
}

/**
 * A Stripe webhook delivery. The signature is checked over the raw body before anything
 * else; a forged or replayed event changes nothing (completion is idempotent).
 */
export async function handleStripeWebhook(
  db: Db,
  stripe: Stripe,
  { payload, signature, webhookSecret, siteUrl }: { payload: string; signature: string | null; webhookSecret: string; siteUrl: string },
): Promise<{ handled: boolean; type?: string }> {
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(payload, signature ?? "", webhookSecret);
  } catch (error) {
    log.warn("Refused a Stripe webhook with a bad signature", errorFields(error));
    throw new WebhookSignatureError("Invalid signature");
  }
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const result = await completeCheckout(db, providerSessionFromStripe(event.data.object), completionHandlers(siteUrl));
      log.info("Stripe checkout completed", { eventId: event.id, sessionId: event.data.object.id, result: result.status });
      return { handled: true, type: event.type };
    }
    case "checkout.session.expired": {
      const session = event.data.object;
      if (session.metadata?.booking_kind === "seminar" || session.metadata?.booking_kind === undefined) {
        await expireSeminarCheckout(db, session.id, siteUrl);
      }
      return { handled: true, type: event.type };
    }
    default:
      return { handled: false, type: event.type };
  }
}
