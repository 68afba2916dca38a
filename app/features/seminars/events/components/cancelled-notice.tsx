import { CircleCheck } from "lucide-react";
import { useEffect } from "react";
import { eventsListIntro } from "~/content/events.ts";
import { trackPixel } from "~/lib/analytics.ts";

/** Shown on /events after a visitor cancelled their checkout and the seat was released. */
export function CancelledNotice() {
  // Back from the payment page by its Cancel (the hosted checkout's cancel address).
  useEffect(() => trackPixel({ name: "CancelPayment" }), []);
  return (
    <div role="status" className="border-b border-veld-600/20 bg-veld-100 px-5 py-4 text-ink-950">
      <p className="mx-auto flex max-w-7xl items-center gap-3 font-semibold lg:px-3">
        <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-veld-700" />
        {eventsListIntro.cancelled}
      </p>
    </div>
  );
}
