import { UserMinus } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AdminRadioGroup, AdminTextField } from "~/components/admin/fields.tsx";
import { buttonClasses } from "~/components/ui/button.ts";
import { formatRand } from "~/lib/format.ts";
import type { SeminarActionResult } from "../actions.server.ts";
import type { AttendeeView } from "../attendees.server.ts";
import { CANCEL_REASON_MAX } from "../cancel-schema.ts";
import { BookingStateBadge } from "./booking-state.tsx";
import { ActionBanner } from "./action-banner.tsx";

type Props = {
  seminarId: string;
  attendee: AttendeeView;
  /** A refused 'Cancel booking' (a missing reason, a booking cancelled meanwhile): its message and what was typed. */
  failure?: SeminarActionResult & { ok: false };
  /** Manage Attendees without this form. */
  backHref: string;
};

/**
 * 'Cancel booking' in Manage Attendees (docs/product.md §3.6): why (required) and, for a paid
 * booking, whether a refund is due (yes unless staff say no). The booking is kept, cancelled,
 * its seat given back, and the customer e-mailed whether a refund follows. A plain form, so it
 * works without JavaScript.
 */
export function CancelBookingForm({ seminarId, attendee, failure, backHref }: Props) {
  const navigation = useNavigation();
  const cancelling = navigation.state !== "idle" && navigation.formData?.get("intent") === "cancel-booking";
  const headingRef = useRef<HTMLHeadingElement>(null);
  const name = `${attendee.firstName} ${attendee.lastName}`;
  const owesMoney = attendee.isPaid && attendee.refundableCents > 0;
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby="cancel-booking-heading" className="mx-auto max-w-xl" data-testid="cancel-booking">
      <h3 id="cancel-booking-heading" ref={headingRef} tabIndex={-1} className="font-sans text-lg font-semibold text-ink-950 focus:outline-none">
        Cancel {name}&apos;s booking?
      </h3>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-ink-800">
        <span className="font-mono text-xs font-semibold">{attendee.reference}</span>
        <BookingStateBadge state={attendee.state} />
      </div>
      <p className="mt-3 text-sm text-ink-800">
        The booking is kept on record as cancelled, {attendee.hasSeat ? "its seat goes back on sale, " : ""}any open checkout is closed, and {attendee.firstName} is
        e-mailed that it is cancelled{attendee.isPaid ? " and whether a refund follows" : ""}.
      </p>
      {failure ? <ActionBanner title={failure.title} message={failure.message} className="mt-4" /> : null}
      <Form method="post" preventScrollReset className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="cancel-booking" />
        <input type="hidden" name="seminarId" value={seminarId} />
        <input type="hidden" name="bookingId" value={attendee.bookingId} />
        <AdminTextField
          id="cancel-booking-reason"
          name="cancel_reason"
          label="Reason for cancelling"
          required
          rows={3}
          maxLength={CANCEL_REASON_MAX}
          defaultValue={failure?.values.cancel_reason}
          errors={failure?.fieldErrors.cancel_reason}
          hint="Kept on the booking for staff; it is not sent to the customer."
        />
        {owesMoney ? (
          <AdminRadioGroup
            id="cancel-booking-refund"
            name="refund_due"
            label="Refund due"
            required
            defaultValue={failure?.values.refund_due ?? "yes"}
            options={[
              { value: "yes", label: `Yes: ${formatRand(attendee.refundableCents)} is owed back` },
              { value: "no", label: "No refund" },
            ]}
          />
        ) : (
          <p className="text-sm text-ink-800">{attendee.isPaid ? "Nothing is left to refund on this booking." : "Nothing was paid, so no refund is due."}</p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={backHref} replace preventScrollReset className={buttonClasses("ghost", "md")}>
            Keep booking
          </Link>
          <button
            type="submit"
            disabled={cancelling}
            className="inline-flex cursor-pointer items-center gap-2 rounded-full bg-red-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-70"
          >
            <UserMinus aria-hidden="true" className="size-4" />
            {cancelling ? "Cancelling…" : "Cancel booking"}
          </button>
        </div>
      </Form>
    </section>
  );
}
