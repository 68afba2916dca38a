import { useEffect } from "react";
import { data, redirect } from "react-router";
import { consultation } from "~/content/site.ts";
import { PaymentPanel } from "~/features/consultations/components/payment-panel.tsx";
import { consultationPaymentPage, payForConsultation } from "~/features/consultations/payment-page.server.ts";
import { paymentProviderFor } from "~/features/payments/service.server.ts";
import { trackPixel } from "~/lib/analytics.ts";
import { UserFacingError } from "~/lib/errors.ts";
import { failureAnswer } from "~/lib/form-answers.server.ts";
import { readForm } from "~/lib/forms.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import type { Route } from "./+types/consultations-pay";

// The pay-online page the confirmation e-mail (and the admin's payment reminder) links to.

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.state === "not-found" ? "Consultation not found | Thula Relocations" : "Pay for your consultation | Thula Relocations" },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext);
  const page = await consultationPaymentPage(db, params.bookingId);
  return data(page, { status: page.state === "not-found" ? 404 : 200 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, settings } = context.get(runtimeContext);
  try {
    const form = await readForm(request);
    if (form.get("intent") !== "pay") throw new UserFacingError("Please use the Pay button to pay for your consultation.", 400);
    const { url } = await payForConsultation(db, paymentProviderFor(db, settings), { bookingId: params.bookingId, siteUrl: settings.siteUrl });
    return redirect(url);
  } catch (error) {
    return failureAnswer(error);
  }
}

export default function ConsultationPay({ loaderData, actionData }: Route.ComponentProps) {
  const payable = loaderData.state === "payable";
  // The payment step is shown; a consultation counts at its tracking value (docs/product.md §11.1).
  useEffect(() => {
    if (payable) trackPixel({ name: "InitiateCheckout", value: consultation.trackingValueGbp, currency: "GBP" });
  }, [payable]);
  return (
    <main id="main" className="bg-ink-50 px-5 py-16 sm:py-24">
      <PaymentPanel page={loaderData} errorMessage={actionData?.message} />
    </main>
  );
}
