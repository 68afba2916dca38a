import { Ban, Check, CircleAlert, CircleCheckBig, LoaderCircle, SearchX, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { bookingPageCopy } from "~/content/consultations.ts";
import { brand, consultation } from "~/content/site.ts";
import { trackPixel } from "~/lib/analytics.ts";
import { formatRand } from "~/lib/format.ts";
import type { ConsultationPaymentPage } from "../payment-page.server.ts";

export const NOT_FOUND_TITLE = "Consultation not found";
export const ALREADY_PAID_TITLE = "This consultation is already paid. Thank you!";

function Card({ icon, tone, title, children }: { icon: ReactNode; tone: "ink" | "veld" | "red"; title: string; children: ReactNode }) {
  const badge = { ink: "bg-ink-100 text-ink-800", veld: "bg-veld-100 text-veld-700", red: "bg-red-100 text-red-800" }[tone];
  return (
    <section aria-labelledby="payment-title" className="mx-auto max-w-2xl rounded-3xl bg-white p-6 shadow-xl ring-1 ring-ink-100 sm:p-10">
      <span className={`flex size-14 items-center justify-center rounded-full ${badge}`}>{icon}</span>
      <h1 id="payment-title" className="mt-5 text-3xl font-semibold text-ink-950 sm:text-4xl">
        {title}
      </h1>
      {children}
    </section>
  );
}

function Reference({ value }: { value: string }) {
  return (
    <p className="mt-4 text-sm text-ink-600">
      Booking reference <span className="font-mono font-semibold text-ink-900">{value}</span>
    </p>
  );
}

const backLink = (
  <Link to="/consultations" className={buttonClasses("dark", "lg", "mt-8")}>
    Back to consultations
  </Link>
);

/** Every state of the pay-online page: unknown, already paid, cancelled, or ready to pay. */
export function PaymentPanel({ page, errorMessage }: { page: ConsultationPaymentPage; errorMessage?: string }) {
  const navigation = useNavigation();
  if (page.state === "not-found") {
    return (
      <Card icon={<SearchX aria-hidden="true" className="size-7" />} tone="ink" title={NOT_FOUND_TITLE}>
        <p className="mt-3 text-lg text-ink-700">
          This payment link does not match a private consultation. It may be mistyped or incomplete. Free intro calls have nothing to pay.
        </p>
        {backLink}
      </Card>
    );
  }
  if (page.state === "paid") {
    return (
      <Card icon={<CircleCheckBig aria-hidden="true" className="size-7" />} tone="veld" title={ALREADY_PAID_TITLE}>
        <p className="mt-3 text-lg text-ink-700">
          {page.slot
            ? `We have received your payment. Your consultation is booked for ${page.slot.when}; the meeting link and a calendar invitation are in your e-mail.`
            : `We have received your payment. ${consultation.responsePromise} if we have not agreed a time yet.`}
        </p>
        <Reference value={page.reference} />
        {backLink}
      </Card>
    );
  }
  if (page.state === "released") {
    return (
      <Card icon={<Ban aria-hidden="true" className="size-7" />} tone="red" title="The time we held for you was released">
        <p className="mt-3 text-lg text-ink-700">
          We held {page.when} for you, but it was not paid in time, so it is free for others again. Nothing was charged. Choose a time again to book your consultation.
        </p>
        <Reference value={page.reference} />
        <Link to="/consultations/book" className={buttonClasses("primary", "lg", "mt-8")}>
          Choose a time
        </Link>
      </Card>
    );
  }
  if (page.state === "cancelled") {
    return (
      <Card icon={<Ban aria-hidden="true" className="size-7" />} tone="red" title="This consultation was cancelled">
        <p className="mt-3 text-lg text-ink-700">
          A cancelled consultation cannot be paid. If you think this is a mistake, or you would like to book again, e-mail us at{" "}
          <a href={`mailto:${brand.email}`} className="font-medium text-ink-900 underline underline-offset-2">
            {brand.email}
          </a>{" "}
          and quote your booking reference.
        </p>
        <Reference value={page.reference} />
        {backLink}
      </Card>
    );
  }

  const amount = formatRand(page.amountCents);
  const paying = navigation.state !== "idle" && navigation.formData?.get("intent") === "pay";
  return (
    <Card icon={<ShieldCheck aria-hidden="true" className="size-7" />} tone="ink" title="Pay for your private consultation">
      {page.slot ? (
        <p className="mt-3 text-lg text-ink-700">
          We are holding <strong className="text-ink-950">{page.slot.when}</strong> for you
          {page.slot.heldUntil ? ` until ${page.slot.heldUntil}` : ""}. Pay online now to confirm it.
        </p>
      ) : (
        <p className="mt-3 text-lg text-ink-700">Pay online now to confirm your consultation. We then agree the time with you.</p>
      )}
      <div className="mt-6 rounded-2xl bg-ink-50 p-5 ring-1 ring-ink-100">
        <p className="flex flex-wrap items-baseline justify-between gap-2">
          <span className="font-semibold text-ink-950">{bookingPageCopy.paid.summaryTitle}</span>
          <span className="font-display text-3xl font-semibold text-ink-950">{amount}</span>
        </p>
        <p className="mt-1 text-sm text-ink-700">{consultation.priceNote}</p>
        <ul className="mt-4 space-y-2 border-t border-ink-200 pt-4">
          {[...bookingPageCopy.paid.points, ...(page.slot ? [] : [consultation.availability])].map((point) => (
            <li key={point} className="flex items-start gap-2.5 text-ink-800">
              <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-veld-700" />
              {point}
            </li>
          ))}
        </ul>
      </div>
      <Reference value={page.reference} />
      {errorMessage ? (
        <p role="alert" className="mt-6 flex gap-2 rounded-xl border-2 border-red-700 bg-red-50 p-4 font-medium text-red-900">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {errorMessage}
        </p>
      ) : null}
      <Form method="post" className="mt-8" onSubmit={() => trackPixel({ name: "AddPaymentInfo", value: consultation.trackingValueGbp, currency: "GBP" })}>
        <button type="submit" name="intent" value="pay" disabled={paying} className={buttonClasses("primary", "lg", "w-full sm:w-auto")}>
          {paying ? <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> : null}
          Pay {amount} online
        </button>
      </Form>
      <p className="mt-4 text-sm text-ink-600">You will be taken to our secure payment page. Your card details never reach our website.</p>
    </Card>
  );
}
