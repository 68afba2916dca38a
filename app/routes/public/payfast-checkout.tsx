import { data } from "react-router";
import { brand } from "~/content/site.ts";
import { CheckoutError } from "~/features/payments/components/checkout-error.tsx";
import { payfastCheckoutFor } from "~/features/payments/checkout.server.ts";
import { PayfastCheckoutView, type PayfastCheckout } from "~/features/payments/components/payfast-checkout-view.tsx";
import { runtimeContext } from "~/lib/runtime.server.ts";
import { paidItemsFor } from "~/wiring/payments.server.ts";
import type { Route } from "./+types/payfast-checkout";

export const meta: Route.MetaFunction = () => [{ title: `Pay with PayFast | ${brand.name}` }, { name: "robots", content: "noindex" }];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

/** Our signed form for an open PayFast checkout, or a 404 (unknown, closed, expired, altered, or PayFast not configured). */
export async function loader({ request, params, context }: Route.LoaderArgs): Promise<{ checkout: PayfastCheckout }> {
  const { db, settings } = context.get(runtimeContext);
  const checkout = await payfastCheckoutFor(db, settings.payfast, paidItemsFor(settings), params.sessionId, new URL(request.url).searchParams);
  if (!checkout) throw data(null, { status: 404 });
  return { checkout };
}

export default function PayfastCheckoutPage({ loaderData }: Route.ComponentProps) {
  return <PayfastCheckoutView checkout={loaderData.checkout} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CheckoutError error={error} notFoundTitle="This checkout is closed or does not exist" hint="Start again from the seminar or consultation you want to book." />;
}
