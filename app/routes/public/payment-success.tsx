import { brand } from "~/content/site.ts";
import { confirmPaymentForVisitor } from "~/features/payments/checkout.server.ts";
import { paymentProviderFor } from "~/features/payments/service.server.ts";
import { PaymentResultView, type PaymentResult } from "~/features/payments/components/payment-result.tsx";
import { errorFields, log } from "~/lib/log.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import { paidItemsFor } from "~/wiring/payments.server.ts";
import type { Route } from "./+types/payment-success";

export const meta: Route.MetaFunction = () => [{ title: `Payment | ${brand.name}` }, { name: "robots", content: "noindex" }];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

/** Longer than any provider's session id: anything bigger is not one of ours. */
const MAX_SESSION_ID_LENGTH = 255;

export async function loader({ request, context }: Route.LoaderArgs): Promise<{ result: PaymentResult }> {
  const { db, settings } = context.get(runtimeContext);
  const sessionId = new URL(request.url).searchParams.get("session_id")?.trim();
  if (!sessionId) {
    log.warn("The payment success page was opened without a session_id");
    return { result: { state: "missing" } };
  }
  if (sessionId.length > MAX_SESSION_ID_LENGTH) return { result: { state: "unknown" } };
  try {
    const summary = await confirmPaymentForVisitor(db, paymentProviderFor(db, settings), paidItemsFor(settings), sessionId);
    return { result: summary.state === "paid" ? { ...summary, sessionId } : summary };
  } catch (error) {
    log.error("Could not verify a payment on the success page", { sessionId, ...errorFields(error) });
    return { result: { state: "error" } };
  }
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  return <PaymentResultView result={loaderData.result} />;
}
