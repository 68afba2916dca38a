import { data, redirect } from "react-router";
import { brand } from "~/content/site.ts";
import { CheckoutError } from "~/features/payments/components/checkout-error.tsx";
import { payTestCheckout, testCheckoutFor } from "~/features/payments/checkout.server.ts";
import { TestCheckoutView, type TestCheckout } from "~/features/payments/components/test-checkout-view.tsx";
import { paymentProviderFor } from "~/features/payments/service.server.ts";
import { UserFacingError } from "~/lib/errors.ts";
import { readForm } from "~/lib/forms.server.ts";
import { runtimeContext, type Runtime } from "~/lib/runtime.server.ts";
import { paidItemsFor } from "~/wiring/payments.server.ts";
import type { Route } from "./+types/test-checkout";

export const meta: Route.MetaFunction = () => [{ title: `Test checkout | ${brand.name}` }, { name: "robots", content: "noindex" }];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

/** The test provider's session, or a 404 for anything else (unknown, a Stripe session, or any session once Stripe is configured). */
async function testSession({ db, settings }: Runtime, sessionId: string) {
  const session = await testCheckoutFor(db, paymentProviderFor(db, settings), paidItemsFor(settings), sessionId);
  if (!session) throw data(null, { status: 404 });
  return session;
}

export async function loader({ params, context }: Route.LoaderArgs): Promise<{ checkout: TestCheckout }> {
  const { bookingKind: _kind, bookingId: _id, ...checkout } = await testSession(context.get(runtimeContext), params.sessionId);
  return { checkout };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  const { db, settings } = runtime;
  const session = await testSession(runtime, params.sessionId);
  let intent: FormDataEntryValue | null;
  try {
    intent = (await readForm(request)).get("intent");
  } catch (error) {
    if (!(error instanceof UserFacingError)) throw error;
    return data({ message: error.message }, { status: error.status });
  }
  if (intent === "cancel") {
    // The same cancel address a hosted checkout would send the visitor back to.
    return redirect(session.bookingKind === "seminar" ? `/events?cancelled=${encodeURIComponent(session.bookingId)}` : "/");
  }
  if (intent !== "pay") return data({ message: "Sorry, that action is not available on this page." }, { status: 400 });
  const paid = await payTestCheckout(db, paymentProviderFor(db, settings), paidItemsFor(settings), session.sessionId);
  switch (paid.status) {
    case "completed":
    case "already-completed":
      return redirect(`/payment-success?session_id=${encodeURIComponent(session.sessionId)}`);
    case "expired":
      return data({ message: "This checkout has expired." }, { status: 410 });
    default:
      return data({ message: "This payment could not be completed. Please start again from the seminar page." }, { status: 409 });
  }
}

export default function TestCheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  return <TestCheckoutView checkout={loaderData.checkout} message={actionData?.message} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CheckoutError error={error} notFoundTitle="This checkout does not exist" hint="Start again from the seminar you want to book." />;
}
