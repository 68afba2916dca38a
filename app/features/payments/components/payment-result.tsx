import { ArrowRight, CalendarCheck, CircleAlert, CircleCheck, Clock, MailQuestion, RefreshCw, TimerOff } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { brand, consultation } from "~/content/site.ts";
import { randValue, trackPixel } from "~/lib/analytics.ts";
import { formatRand } from "~/lib/format.ts";
import type { MoneyState } from "../booking-money.ts";

export type PaymentResult =
  | { state: "paid"; amountCents: number; itemTitle: string; bookingKind: "seminar" | "consultation"; sessionId: string }
  /** The money arrived but the booking is cancelled (its seat went, or staff cancelled it): what happens to the money. */
  | { state: "paid-not-booked"; amountCents: number; itemTitle: string; bookingKind: "seminar" | "consultation"; money: MoneyState }
  | { state: "unpaid" | "expired" | "unknown" | "missing" | "error" };

// The ~1 s "confirming" spinner (docs/product.md §11.8) is CSS only: it runs where scripting is on and
// motion is welcome. The confirmed state is in the HTML from the start, so a visitor without
// JavaScript, or who prefers less motion, sees it at once.
const phaseCss = `
@keyframes payment-phase-out { to { opacity: 0; visibility: hidden; } }
@keyframes payment-phase-in { from { opacity: 0; visibility: hidden; } to { opacity: 1; visibility: visible; } }
.payment-spinner { display: none; }
@media (scripting: enabled) and (prefers-reduced-motion: no-preference) {
  .payment-spinner { display: flex; animation: payment-phase-out 200ms ease-out 1000ms both; }
  .payment-confirmed { animation: payment-phase-in 300ms ease-out 1000ms both; }
}`;

function Shell({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <main id="main" className="bg-ink-50 px-5 py-16 sm:py-24">
      <div className="mx-auto max-w-2xl rounded-3xl border border-ink-100 bg-white p-6 text-center shadow-lg sm:p-10">
        {icon}
        {children}
      </div>
    </main>
  );
}

function BrowseEvents({ variant = "primary" }: { variant?: "primary" | "dark" }) {
  return (
    <Link to="/events" className={buttonClasses(variant, "lg", "mt-8")}>
      Browse More Events
      <ArrowRight aria-hidden="true" className="size-5" />
    </Link>
  );
}

function Paid({ result }: { result: Extract<PaymentResult, { state: "paid" }> }) {
  useEffect(() => {
    // The checkout session is the transaction id: a reload of this page is not counted twice.
    // A consultation counts at its tracking value in pounds (docs/product.md §11.1); a seminar at its price.
    const worth =
      result.bookingKind === "consultation" ? { value: consultation.trackingValueGbp, currency: "GBP" } : randValue(result.amountCents);
    trackPixel({ name: "Purchase", ...worth, transaction_id: result.sessionId });
  }, [result.sessionId, result.amountCents, result.bookingKind]);

  return (
    <Shell icon={<CircleCheck aria-hidden="true" className="mx-auto size-16 text-veld-600" />}>
      {/* Hoisted into the head by React (a <style> in the body is invalid HTML). */}
      <style href="payment-phase" precedence="default">
        {phaseCss}
      </style>
      <h1 className="mt-5 text-3xl font-semibold text-ink-950 sm:text-4xl">Payment Successful!</h1>
      <div className="relative">
        <div aria-hidden="true" className="payment-spinner absolute inset-x-0 top-0 flex-col items-center gap-4 pt-10">
          <span className="size-12 animate-spin rounded-full border-4 border-ink-100 border-t-ink-900" />
          <span className="text-ink-700">Confirming your booking…</span>
        </div>
        <div className="payment-confirmed">
          <h2 className="mt-8 flex items-center justify-center gap-2 text-2xl font-semibold text-ink-950">
            <CalendarCheck aria-hidden="true" className="size-6 text-veld-600" />
            Booking Confirmed
          </h2>
          <p className="mt-3 text-lg text-ink-800">
            Thank you. Your place at <strong className="font-semibold text-ink-950">{result.itemTitle}</strong> is confirmed.
          </p>
          <p className="mt-2 text-ink-700">A confirmation e-mail with your receipt and a calendar invitation is on its way to you.</p>

          <section aria-labelledby="payment-summary-heading" className="mt-8 rounded-2xl bg-ink-50 p-5 text-left sm:p-6">
            <h2 id="payment-summary-heading" className="text-lg font-semibold text-ink-950">
              Payment Summary
            </h2>
            <dl className="mt-4 divide-y divide-ink-200">
              <div className="flex items-baseline justify-between gap-4 py-3">
                <dt className="text-ink-700">Amount Paid</dt>
                <dd data-testid="amount-paid" className="font-display text-2xl font-semibold text-ink-950">
                  {formatRand(result.amountCents)}
                </dd>
              </div>
              <div className="flex items-center justify-between gap-4 py-3">
                <dt className="text-ink-700">Status</dt>
                <dd>
                  <span className="rounded-full bg-veld-100 px-3 py-1 text-sm font-semibold text-veld-700">Paid</span>
                </dd>
              </div>
            </dl>
          </section>

          <BrowseEvents />

          <aside aria-labelledby="whats-next-heading" className="mt-10 border-t border-ink-100 pt-8 text-left">
            <h2 id="whats-next-heading" className="text-lg font-semibold text-ink-950">
              What&apos;s Next?
            </h2>
            <p className="mt-2 text-ink-700">
              Keep the confirmation e-mail: it has the venue address and the calendar invitation. A day or two before the seminar we send a
              reminder with parking details. Questions before then? E-mail us at{" "}
              <a href={`mailto:${brand.email}`} className="font-semibold text-ink-900 underline underline-offset-2">
                {brand.email}
              </a>
              .
            </p>
          </aside>
        </div>
      </div>
    </Shell>
  );
}

/** What happens to money kept for a booking that no longer stands, in the customer's words. */
function moneyOwedBack(money: MoneyState): ReactNode {
  switch (money) {
    case "refunded":
      return "The full amount has been refunded to your card.";
    case "partly_refunded":
      return "Part of it has been refunded to your card already; we will refund the rest and e-mail you when we have.";
    case "refund_due":
      return "The money is owed back to you: we will refund it to your card and e-mail you when we have.";
    default:
      return (
        <>
          Please e-mail us at{" "}
          <a href={`mailto:${brand.email}`} className="font-semibold text-ink-900 underline underline-offset-2">
            {brand.email}
          </a>{" "}
          and we will sort it out.
        </>
      );
  }
}

/** Paid, but the booking is cancelled (a lapsed hold whose seat went meanwhile, or a cancellation): no purchase is tracked. */
function PaidNotBooked({ result }: { result: Extract<PaymentResult, { state: "paid-not-booked" }> }) {
  return (
    <Shell icon={<CircleAlert aria-hidden="true" className="mx-auto size-14 text-ink-700" />}>
      <h1 className="mt-5 text-3xl font-semibold text-ink-950">We received your payment, but your booking is cancelled</h1>
      <p className="mt-4 text-lg text-ink-700">
        Your payment of <strong className="font-semibold text-ink-950">{formatRand(result.amountCents)}</strong> for{" "}
        <strong className="font-semibold text-ink-950">{result.itemTitle}</strong> reached us, but the booking is cancelled
        {result.bookingKind === "seminar" ? ", so no seat is held for you" : ""}.
      </p>
      <p data-testid="money-owed-back" className="mt-3 text-lg text-ink-700">
        {moneyOwedBack(result.money)}
      </p>
      <BrowseEvents />
    </Shell>
  );
}

/** The /payment-success page: confirmed only when the server says the session is paid and the booking stands. */
export function PaymentResultView({ result }: { result: PaymentResult }) {
  switch (result.state) {
    case "paid":
      return <Paid result={result} />;
    case "paid-not-booked":
      return <PaidNotBooked result={result} />;
    case "unpaid":
      return (
        <Shell icon={<Clock aria-hidden="true" className="mx-auto size-14 text-ink-700" />}>
          <h1 className="mt-5 text-3xl font-semibold text-ink-950">We haven&apos;t received your payment yet</h1>
          <p className="mt-4 text-lg text-ink-700">
            If you have just paid, it can take a minute to reach us: check again shortly. If you did not finish paying, your seat stays
            held for 30 minutes from when you booked.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <a href="" className={buttonClasses("dark", "lg")}>
              <RefreshCw aria-hidden="true" className="size-5" />
              Check again
            </a>
            <Link to="/events" className={buttonClasses("secondary", "lg")}>
              Back to events
            </Link>
          </div>
        </Shell>
      );
    case "expired":
      return (
        <Shell icon={<TimerOff aria-hidden="true" className="mx-auto size-14 text-ink-700" />}>
          <h1 className="mt-5 text-3xl font-semibold text-ink-950">This checkout expired and the seat was released</h1>
          <p className="mt-4 text-lg text-ink-700">No payment was taken. Choose a seminar again to book a new seat.</p>
          <BrowseEvents />
        </Shell>
      );
    default:
      return (
        <Shell icon={<MailQuestion aria-hidden="true" className="mx-auto size-14 text-ink-700" />}>
          <h1 className="mt-5 text-3xl font-semibold text-ink-950">We couldn&apos;t find this payment</h1>
          <p className="mt-4 text-lg text-ink-700">
            If you paid, please e-mail us at{" "}
            <a href={`mailto:${brand.email}`} className="font-semibold text-ink-900 underline underline-offset-2">
              {brand.email}
            </a>{" "}
            with your name and the seminar you booked, and we will sort it out.
          </p>
          <BrowseEvents variant="dark" />
        </Shell>
      );
  }
}
