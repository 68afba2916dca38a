import { Lock } from "lucide-react";
import { useEffect, useRef } from "react";
import { buttonClasses } from "~/components/ui/button.ts";
import { brand } from "~/content/site.ts";
import { formatRand } from "~/lib/format.ts";

export type PayfastCheckout = {
  /** PayFast's payment page, which takes the form as a POST. */
  action: string;
  /** The signed form's fields, in PayFast's order. */
  fields: Array<[string, string]>;
  amountCents: number;
  itemTitle: string;
};

/**
 * The hop to PayFast's payment page: a signed form posted on as soon as the page runs its
 * scripts (whether it arrived as a document or by the router's own navigation, where an inline
 * script would never run), and a visible "Continue to PayFast" button where scripting is off
 * (docs/decisions/028).
 */
export function PayfastCheckoutView({ checkout }: { checkout: PayfastCheckout }) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.submit();
  }, []);
  return (
    <main id="main" className="min-h-[70vh] bg-ink-50 px-5 py-12 sm:py-20">
      <div className="mx-auto max-w-xl rounded-3xl border border-ink-100 bg-white p-6 shadow-lg sm:p-8">
        <p className="text-sm font-semibold tracking-widest text-ink-600 uppercase">{brand.name}</p>
        <h1 className="mt-2 text-3xl font-semibold text-ink-950">Pay with PayFast</h1>
        <p className="mt-4 text-lg text-ink-700">
          You are paying <strong className="text-ink-950">{formatRand(checkout.amountCents)}</strong> for {checkout.itemTitle}. PayFast takes the payment
          by card or instant EFT on its own secure page, then brings you back here.
        </p>
        <form ref={form} method="post" action={checkout.action} className="mt-8">
          {checkout.fields.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className={buttonClasses("primary", "lg", "w-full cursor-pointer sm:w-auto")}>
            <Lock aria-hidden="true" className="size-5" />
            Continue to PayFast
          </button>
        </form>
      </div>
    </main>
  );
}
