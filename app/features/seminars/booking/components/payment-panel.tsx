import { AlertCircle, Lock, Timer } from "lucide-react";
import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { randValue, trackPixel } from "~/lib/analytics.ts";
import { formatRand } from "~/lib/format.ts";
import type { BookingActionResult, SeatHeld } from "../actions.ts";
import { saClockTime } from "~/lib/format.ts";

type Props = {
  hold: SeatHeld;
  seminarTitle: string;
  /** Ids for the title and description (the dialog labels itself with them). */
  idPrefix: string;
  /** The title element: the dialog passes Radix's Title so it names the dialog. */
  renderTitle(props: { id: string; className: string; children: string }): ReactNode;
};

/**
 * What the visitor sees once their seat is held: the amount, how long the hold lasts, and
 * 'Pay' and 'Cancel', each a small POST form (so it works without JavaScript).
 */
export function PaymentPanel({ hold, seminarTitle, idPrefix, renderTitle }: Props) {
  const pay = useFetcher<BookingActionResult>();
  const cancel = useFetcher<BookingActionResult>();
  const paying = pay.state !== "idle";
  const cancelling = cancel.state !== "idle";
  const failure = [pay.data, cancel.data].find((result) => result && !result.ok);
  const until = saClockTime(hold.holdExpiresAt);

  return (
    <div>
      {renderTitle({ id: `${idPrefix}-title`, className: "text-2xl font-semibold text-ink-950", children: "Your seat is reserved" })}
      <div id={`${idPrefix}-description`} className="mt-3 space-y-4 text-ink-800">
        <p>
          Complete your payment to confirm your seat at <strong className="font-semibold text-ink-950">{seminarTitle}</strong>.
        </p>
        <dl className="rounded-2xl bg-ink-50 p-4">
          <div className="flex items-baseline justify-between gap-4">
            <dt className="text-ink-700">Amount due</dt>
            <dd data-testid="payment-amount" className="font-display text-3xl font-semibold text-ink-950">
              {formatRand(hold.amountCents)}
            </dd>
          </div>
          <div className="mt-3 border-t border-ink-200 pt-3 text-sm">
            <dt className="sr-only">Seat held until</dt>
            <dd className="flex items-start gap-2">
              <Timer aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-700" />
              <span>
              We are holding your seat until{" "}
              <time dateTime={hold.holdExpiresAt} className="font-semibold text-ink-950">
                {until}
              </time>{" "}
              (South African time). If payment is not completed by then, the seat is released.
              </span>
            </dd>
          </div>
        </dl>
      </div>

      {failure && !failure.ok && (
        <p role="alert" className="mt-4 flex items-start gap-2 rounded-xl border border-red-700 bg-red-50 p-3 text-sm font-semibold text-ink-950">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700" />
          {failure.message}
        </p>
      )}

      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <cancel.Form method="post" onSubmit={() => trackPixel({ name: "CancelPayment" })}>
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="bookingId" value={hold.bookingId} />
          <button type="submit" disabled={cancelling || paying} className={buttonClasses("secondary", "md", "w-full cursor-pointer sm:w-auto")}>
            Cancel
          </button>
        </cancel.Form>
        <pay.Form method="post" onSubmit={() => trackPixel({ name: "AddPaymentInfo", ...randValue(hold.amountCents) })}>
          <input type="hidden" name="intent" value="pay" />
          <input type="hidden" name="bookingId" value={hold.bookingId} />
          <button type="submit" disabled={paying || cancelling} className={buttonClasses("primary", "md", "w-full cursor-pointer px-8 sm:w-auto")}>
            <Lock aria-hidden="true" className="size-4" />
            {paying ? "Processing..." : "Pay"}
          </button>
        </pay.Form>
      </div>
      <p className="mt-4 text-xs text-ink-700 sm:text-right">You pay on a secure checkout page; the amount is charged in rand (ZAR).</p>
    </div>
  );
}
