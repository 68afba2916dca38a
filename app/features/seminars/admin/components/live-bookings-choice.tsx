import { FieldError } from "~/components/admin/fields.tsx";
import type { FieldErrors } from "~/lib/errors.ts";
import { CANCEL_REASON_MAX, type LiveBookingsChoiceValue } from "../cancel-schema.ts";

type Props = {
  /** The live bookings the server counted when it refused to hide the seminar silently. */
  question: { attendees: number; paidAttendees: number };
  values: Record<string, string>;
  errors: FieldErrors;
  idPrefix: string;
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Edit Seminar, after the server refused to make a seminar with live bookings inactive without
 * being told what happens to them: cancel it (attendees told, refunds marked due) or keep the
 * bookings and only hide it from the site. Part of the edit form, so it works without JavaScript:
 * the admin picks one and saves again (docs/product.md §3.6).
 */
export function LiveBookingsChoice({ question, values, errors, idPrefix }: Props) {
  const { attendees, paidAttendees } = question;
  const chosen = values.onLiveBookings as LiveBookingsChoiceValue | undefined;
  const options: Array<{ value: LiveBookingsChoiceValue; label: string; hint: string }> = [
    {
      value: "cancel",
      label: `Cancel the seminar (tell ${plural(attendees, "attendee", "attendees")}, mark ${plural(paidAttendees, "refund", "refunds")} due)`,
      hint: "Each live booking is cancelled and its attendee e-mailed; the seminar is archived for good.",
    },
    {
      value: "keep",
      label: "Keep the bookings (just hide it from the site)",
      hint: "Nobody is told anything; the attendees keep their seats and it can be made active again.",
    },
  ];
  return (
    <fieldset
      id={`${idPrefix}-choice`}
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 sm:col-span-2"
      aria-describedby={errors.onLiveBookings?.length ? `${idPrefix}-choice-error` : undefined}
      data-testid="live-bookings-choice"
    >
      <legend className="rounded bg-amber-50 px-1 text-sm font-semibold text-ink-950">
        This seminar has {plural(attendees, "live booking", "live bookings")}
        {paidAttendees > 0 ? ` (${paidAttendees} paid)` : ""}. What should happen to {attendees === 1 ? "it" : "them"}?
      </legend>
      <div className="mt-2 space-y-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-start gap-2 text-sm text-ink-900">
            <input
              type="radio"
              name="onLiveBookings"
              value={option.value}
              required
              defaultChecked={chosen === option.value}
              aria-describedby={`${idPrefix}-${option.value}-hint`}
              className="mt-0.5 size-4 shrink-0 accent-ink-900"
            />
            <span>
              <span className="font-semibold">{option.label}</span>
              <span id={`${idPrefix}-${option.value}-hint`} className="block text-xs text-ink-700">
                {option.hint}
              </span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id={`${idPrefix}-choice-error`} messages={errors.onLiveBookings} />
      {/* Required only with 'Cancel': the server checks it, so the label says when instead of "(optional)". */}
      <div className="mt-3">
        <label htmlFor={`${idPrefix}-reason`} className="block text-sm font-semibold text-ink-950">
          Reason for cancelling <span className="font-normal text-ink-700">(needed to cancel)</span>
        </label>
        <p id={`${idPrefix}-reason-hint`} className="mt-0.5 text-xs text-ink-700">
          Kept on the seminar and its bookings for staff; it is not sent to attendees.
        </p>
        <textarea
          id={`${idPrefix}-reason`}
          name="cancel_reason"
          rows={2}
          maxLength={CANCEL_REASON_MAX}
          defaultValue={values.cancel_reason ?? ""}
          aria-invalid={errors.cancel_reason?.length ? true : undefined}
          aria-describedby={[`${idPrefix}-reason-hint`, errors.cancel_reason?.length ? `${idPrefix}-reason-error` : ""].filter(Boolean).join(" ")}
          className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-sm text-ink-950 hover:border-ink-500 focus-visible:border-ink-900 ${errors.cancel_reason?.length ? "border-red-700" : "border-ink-300"}`}
        />
        <FieldError id={`${idPrefix}-reason-error`} messages={errors.cancel_reason} />
      </div>
    </fieldset>
  );
}
