import { AlertCircle } from "lucide-react";
import { useEffect } from "react";
import { bookingPageCopy } from "~/content/events.ts";
import type { BookingPageResult } from "../actions.ts";
import { WaitlistJoin } from "../../waitlist/components/waitlist-join-form.tsx";
import type { PublicBookingSeminar } from "../../events/public-view.ts";
import { seatsOnSale } from "../../seats/rules.ts";
import { BookingForm, FORM_NAME as SEMINAR_FORM_NAME } from "./booking-form.tsx";
import { BookingUnavailable, type UnavailableReason } from "./booking-unavailable.tsx";
import { PaymentDialog } from "./payment-dialog.tsx";
import { PaymentPanel } from "./payment-panel.tsx";
import { useHydrated } from "~/components/ui/use-hydrated.ts";
import { randValue, track, trackPixel } from "~/lib/analytics.ts";

const INLINE_TITLE_ID = "payment-inline-title";

function unavailableReason(seminar: PublicBookingSeminar, result: BookingPageResult | undefined): UnavailableReason | undefined {
  if (seminar.cancelled) return "cancelled";
  if (!seminar.isActive) return "inactive";
  if (!seminar.bookable) return "past";
  if (seminar.spotsLeft <= 0 || (result && !result.ok && result.fullyBooked)) return "full";
  return undefined;
}

/**
 * The booking column: the form; once the seat is held, the payment step (a dialog with
 * JavaScript, the same content inline in any case); or why the seminar cannot be booked.
 */
export function BookingPanel({ seminar, result }: { seminar: PublicBookingSeminar; result: BookingPageResult | undefined }) {
  const hydrated = useHydrated();
  const hold = result?.ok && result.intent === "book" ? result : undefined;
  const heldBookingId = hold?.bookingId;
  const heldAmountCents = hold?.amountCents;

  // The booking is saved and the payment step shows: once per held seat.
  useEffect(() => {
    if (!heldBookingId || heldAmountCents === undefined) return;
    track({ name: "form_submission", form_name: SEMINAR_FORM_NAME });
    trackPixel({ name: "Lead", form_name: SEMINAR_FORM_NAME, ...randValue(heldAmountCents) });
    trackPixel({ name: "InitiateCheckout", ...randValue(heldAmountCents) });
  }, [heldBookingId, heldAmountCents]);

  if (hold) {
    return (
      <>
        <section aria-labelledby={INLINE_TITLE_ID} className="rounded-3xl border-2 border-sun-500 bg-white p-6 shadow-sm sm:p-8">
          <PaymentPanel
            hold={hold}
            seminarTitle={seminar.title}
            idPrefix="payment-inline"
            renderTitle={({ className, children }) => (
              <h2 id={INLINE_TITLE_ID} tabIndex={-1} className={`${className} focus:outline-none`}>
                {children}
              </h2>
            )}
          />
        </section>
        {hydrated && <PaymentDialog key={hold.bookingId} hold={hold} seminarTitle={seminar.title} returnFocusTo={INLINE_TITLE_ID} />}
      </>
    );
  }

  const reason = unavailableReason(seminar, result);
  const waitlist = result?.intent === "join-waitlist" ? result : undefined;
  // A full seminar is no dead end: its line (docs/decisions/027).
  if (reason === "full" || waitlist) {
    return (
      <div className="space-y-6">
        <BookingUnavailable reason="full" />
        <WaitlistJoin joined={waitlist?.ok ? waitlist : undefined} failure={waitlist && !waitlist.ok ? waitlist : undefined} />
      </div>
    );
  }
  if (reason) return <BookingUnavailable reason={reason} />;

  const bookFailure = result && !result.ok && result.intent === "book" ? result : undefined;
  const otherFailure = result && !result.ok && result.intent !== "book" ? result : undefined;
  return (
    <section aria-labelledby="booking-form-heading" className="rounded-3xl border border-ink-100 bg-white p-6 shadow-lg sm:p-8">
      <h2 id="booking-form-heading" className="text-2xl font-semibold text-ink-950">
        {bookingPageCopy.formHeading}
      </h2>
      {otherFailure && (
        <p role="alert" className="mt-4 flex items-start gap-2 rounded-xl border border-red-700 bg-red-50 p-3 text-sm font-semibold text-ink-950">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700" />
          {otherFailure.message}
        </p>
      )}
      <div className="mt-5">
        <BookingForm amountCents={seminar.priceCents} maxSeats={seatsOnSale(seminar.spotsLeft)} failure={bookFailure} />
      </div>
    </section>
  );
}
