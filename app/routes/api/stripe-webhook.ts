import { handleStripeWebhook, WebhookSignatureError } from "~/features/payments/checkout.server.ts";
import { createStripeClient } from "~/features/payments/stripe-provider.server.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import { paidItemsFor } from "~/wiring/payments.server.ts";
import type { Route } from "./+types/stripe-webhook";

const MAX_WEBHOOK_BYTES = 512 * 1024;

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

/** Stripe's signed webhook: checkouts completed or expired, and refunds (ours and the dashboard's). */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, settings } = context.get(runtimeContext);
  if (!settings.stripe?.webhookSecret) return Response.json({ error: "Stripe is not configured" }, { status: 404 });
  if (Number(request.headers.get("content-length") ?? "0") > MAX_WEBHOOK_BYTES) {
    return Response.json({ error: "Payload too large" }, { status: 413 });
  }
  // The signature covers the exact bytes Stripe sent, so the body is read raw.
  const payload = await request.text();
  if (payload.length > MAX_WEBHOOK_BYTES) return Response.json({ error: "Payload too large" }, { status: 413 });
  try {
    const result = await handleStripeWebhook(db, await createStripeClient(settings.stripe), paidItemsFor(settings), {
      payload,
      signature: request.headers.get("stripe-signature"),
      webhookSecret: settings.stripe.webhookSecret,
    });
    return Response.json({ received: true, handled: result.handled });
  } catch (error) {
    if (error instanceof WebhookSignatureError) return Response.json({ error: "Invalid signature" }, { status: 400 });
    log.error("The Stripe webhook failed", errorFields(error));
    // A 500 makes Stripe retry later, which is what we want for a passing fault.
    return Response.json({ error: "Webhook handling failed" }, { status: 500 });
  }
}
