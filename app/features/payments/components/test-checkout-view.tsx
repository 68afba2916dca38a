import { ArrowRight, FlaskConical, Lock, TimerOff } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { brand } from "~/content/site.ts";
import { formatRand, saClockTime } from "~/lib/format.ts";

export type TestCheckout = {
  state: "open" | "paid" | "expired";
  sessionId: string;
  amountCents: number;
  itemTitle: string;
  /** ISO instant. */
  expiresAt: string;
};

type Props = { checkout: TestCheckout; message?: string };

/**
 * The built-in test checkout (docs/product.md §2.17): says plainly that no money moves, shows what
 * is being paid, and offers 'Pay' and 'Cancel' as plain POST forms.
 */
export function TestCheckoutView({ checkout, message }: Props) {
  return (
    <main id="main" className="min-h-[70vh] bg-ink-50 px-5 py-12 sm:py-20">
      <div className="mx-auto max-w-xl">
        <div role="note" className="flex items-start gap-3 rounded-2xl border-2 border-sun-500 bg-sun-100 p-4 text-ink-950">
          <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p className="font-semibold">Test checkout — no money moves. This site has no payment provider configured.</p>
        </div>

        <div className="mt-6 rounded-3xl border border-ink-100 bg-white p-6 shadow-lg sm:p-8">
          <p className="text-sm font-semibold tracking-widest text-ink-600 uppercase">{brand.name}</p>
          <h1 className="mt-2 text-3xl font-semibold text-ink-950">Checkout</h1>
          <dl className="mt-6 divide-y divide-ink-100 rounded-2xl bg-ink-50 px-5">
            <div className="flex items-start justify-between gap-4 py-4">
              <dt className="text-ink-700">You are paying for</dt>
              <dd className="text-right font-semibold text-ink-950">{checkout.itemTitle}</dd>
            </div>
            <div className="flex items-baseline justify-between gap-4 py-4">
              <dt className="text-ink-700">Amount</dt>
              <dd data-testid="checkout-amount" className="font-display text-3xl font-semibold text-ink-950">
                {formatRand(checkout.amountCents)}
              </dd>
            </div>
          </dl>

          {message && (
            <p role="alert" className="mt-6 rounded-xl border border-red-700 bg-red-50 p-3 font-semibold text-ink-950">
              {message}
            </p>
          )}

          {checkout.state === "open" && (
            <>
              <p className="mt-6 text-sm text-ink-700">
                This checkout is open until {saClockTime(checkout.expiresAt)} (South African time).
              </p>
              <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <form method="post">
                  <input type="hidden" name="intent" value="cancel" />
                  <button type="submit" className={buttonClasses("secondary", "lg", "w-full cursor-pointer sm:w-auto")}>
                    Cancel
                  </button>
                </form>
                <form method="post">
                  <input type="hidden" name="intent" value="pay" />
                  <button type="submit" className={buttonClasses("primary", "lg", "w-full cursor-pointer px-10 sm:w-auto")}>
                    <Lock aria-hidden="true" className="size-5" />
                    Pay
                  </button>
                </form>
              </div>
            </>
          )}

          {checkout.state === "expired" && (
            <div className="mt-6 text-center">
              <TimerOff aria-hidden="true" className="mx-auto size-10 text-ink-700" />
              <p className="mt-3 text-lg font-semibold text-ink-950">This checkout has expired.</p>
              <Link to="/events" className={buttonClasses("dark", "md", "mt-5")}>
                Browse events
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </div>
          )}

          {checkout.state === "paid" && (
            <div className="mt-6 text-center">
              <p className="text-lg font-semibold text-ink-950">This checkout has already been paid.</p>
              <a href={`/payment-success?session_id=${encodeURIComponent(checkout.sessionId)}`} className={buttonClasses("dark", "md", "mt-5")}>
                See your booking
                <ArrowRight aria-hidden="true" className="size-4" />
              </a>
            </div>
          )}
        </div>
      </div>
    </main>
  );
}
