import { clsx } from "clsx";
import { AlertCircle } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { useHydrated } from "~/components/ui/use-hydrated.ts";
import { bookingPageCopy } from "~/content/events.ts";
import { preferredContactOptions } from "~/features/contacts/schema.ts";
import { trackPixel } from "~/lib/analytics.ts";
import type { FieldErrors } from "~/lib/errors.ts";
import { checkValues, CORRECT_FIELDS } from "~/lib/field-errors.ts";
import { formatRand } from "~/lib/format.ts";
import { SEAT_NUMBERS, seminarBookingFormSchema, ticketNameField } from "../../schema.ts";
import type { BookingActionFailure } from "../actions.ts";
import { formProgressPercent, newMilestones, textValuesOf, TRACKED_FORM_FIELDS, type ProgressMilestone } from "~/lib/form-progress.ts";

export const FORM_NAME = "seminar_booking";

type Props = {
  /** The price of one seat. */
  amountCents: number;
  /** The most seats this booking may choose: never more than are left. */
  maxSeats: number;
  /** The last failed 'book' submission: its message, field errors and what was typed. */
  failure?: BookingActionFailure;
};

type FieldProps = {
  name: string;
  label: string;
  errors: FieldErrors;
  required?: boolean;
  hint?: string;
  children(props: { id: string; "aria-invalid"?: true; "aria-describedby"?: string; required?: boolean }): ReactNode;
};

const fieldId = (name: string) => `booking-${name}`;

const inputClasses =
  "mt-1.5 block w-full rounded-xl border border-ink-500 bg-white px-3.5 py-3 text-base text-ink-950 placeholder:text-ink-500 focus:border-ink-900 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-sun-500 aria-invalid:border-red-700";

function Field({ name, label, errors, required = false, hint, children }: FieldProps) {
  const id = fieldId(name);
  const messages = errors[name] ?? [];
  const describedBy = [hint ? `${id}-hint` : "", messages.length ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-ink-900">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        ) : (
          <span className="ml-1 font-normal text-ink-600">(optional)</span>
        )}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-ink-600">
          {hint}
        </p>
      )}
      {children({ id, "aria-invalid": messages.length ? true : undefined, "aria-describedby": describedBy || undefined, required: required || undefined })}
      {messages.length > 0 && (
        <p id={`${id}-error`} className="mt-1.5 flex items-start gap-1.5 text-sm font-semibold text-red-700">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {messages[0]}
        </p>
      )}
    </div>
  );
}

/** The error summary: receives focus after a failed submission and links to each field. */
function ErrorSummary({ failure }: { failure: BookingActionFailure }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [failure]);
  const fields = Object.entries(failure.fieldErrors).filter(([, messages]) => messages && messages.length > 0);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      aria-labelledby="booking-error-summary-heading"
      className="rounded-2xl border-2 border-red-700 bg-red-50 p-5 text-ink-950 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sun-500"
    >
      <h3 id="booking-error-summary-heading" className="flex items-center gap-2 font-sans text-base font-semibold">
        <AlertCircle aria-hidden="true" className="size-5 text-red-700" />
        {failure.message}
      </h3>
      {fields.length > 0 && (
        <ul className="mt-3 list-disc space-y-1 pl-6 text-sm">
          {fields.map(([name, messages]) => (
            <li key={name}>
              <a href={`#${fieldId(name === "form" ? "firstName" : name)}`} className="font-semibold text-red-800 underline underline-offset-2">
                {messages![0]}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The seminar booking form (fields: docs/product.md §6.3). Posts to the route's action; works without JavaScript. */
export function BookingForm({ amountCents, maxSeats, failure: serverFailure }: Props) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "book";
  // With JavaScript the form is checked with the server's own schema before it is sent; a
  // refused check shows like the server's answer and sends nothing. Without it, the server checks.
  const [clientFailure, setClientFailure] = useState<BookingActionFailure | null>(null);
  const failure = clientFailure ?? serverFailure;
  const values = failure?.values ?? {};
  const errors = failure?.fieldErrors ?? {};
  const started = useRef(false);
  const reported = useRef(new Set<ProgressMilestone>());

  // A save that failed for a reason other than the visitor's input.
  useEffect(() => {
    if (failure && Object.keys(failure.fieldErrors).length === 0) trackPixel({ name: "booking_error", form_name: FORM_NAME });
  }, [failure]);

  function onInput(event: FormEvent<HTMLFormElement>) {
    if (!started.current) {
      started.current = true;
      trackPixel({ name: "FormStart", form_name: FORM_NAME });
    }
    const form = new FormData(event.currentTarget);
    const filled = Object.fromEntries(TRACKED_FORM_FIELDS.map((name) => [name, String(form.get(name) ?? "")]));
    for (const percent of newMilestones(formProgressPercent(filled), reported.current)) {
      reported.current.add(percent);
      trackPixel({ name: "FormProgress", form_name: FORM_NAME, percent });
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const { intent: _intent, ...sent } = textValuesOf(event.currentTarget);
    const checked = checkValues(seminarBookingFormSchema, sent);
    if (checked.ok) {
      setClientFailure(null);
      return;
    }
    event.preventDefault();
    setClientFailure({ intent: "book", ok: false, message: CORRECT_FIELDS, fieldErrors: checked.fieldErrors, values: sent });
  }

  const preferred = values.preferredContact ?? "email";
  const [seats, setSeats] = useState(() => Math.min(maxSeats, Math.max(1, Number(values.seats) || 1)));
  // Without JavaScript every name field shows (the extra ones optional); with it, one per seat chosen.
  const hydrated = useHydrated();
  const seatChoices = SEAT_NUMBERS.filter((seat) => seat <= maxSeats);

  return (
    <Form method="post" noValidate onInput={onInput} onSubmit={onSubmit} aria-labelledby="booking-form-heading" className="space-y-5">
      <input type="hidden" name="intent" value="book" />
      {failure && <ErrorSummary failure={failure} />}
      <p className="text-sm text-ink-700">
        Fields marked <span className="text-red-700">*</span> are required.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field name="firstName" label="First name" errors={errors} required>
          {(props) => <input {...props} name="firstName" type="text" autoComplete="given-name" defaultValue={values.firstName} className={inputClasses} />}
        </Field>
        <Field name="lastName" label="Last name" errors={errors} required>
          {(props) => <input {...props} name="lastName" type="text" autoComplete="family-name" defaultValue={values.lastName} className={inputClasses} />}
        </Field>
      </div>
      <Field name="email" label="E-mail address" errors={errors} required>
        {(props) => (
          <input {...props} name="email" type="email" inputMode="email" autoComplete="email" spellCheck={false} defaultValue={values.email} className={inputClasses} />
        )}
      </Field>
      <Field name="phone" label="Phone number" errors={errors} required hint="With your country code, e.g. +27 82 555 0123">
        {(props) => <input {...props} name="phone" type="tel" inputMode="tel" autoComplete="tel" defaultValue={values.phone} className={inputClasses} />}
      </Field>
      <Field name="address" label="Address" errors={errors}>
        {(props) => <textarea {...props} name="address" rows={2} autoComplete="street-address" defaultValue={values.address} className={inputClasses} />}
      </Field>
      <Field name="notes" label="Notes" errors={errors} hint="Questions you would like answered, or who is coming with you">
        {(props) => <textarea {...props} name="notes" rows={3} defaultValue={values.notes} className={inputClasses} />}
      </Field>

      <Field name="seats" label="Seats" errors={errors} required hint={`Up to ${maxSeats} in one booking, ${formatRand(amountCents)} each`}>
        {(props) => (
          <select {...props} name="seats" value={seats} onChange={(event) => setSeats(Number(event.target.value))} className={inputClasses}>
            {seatChoices.map((seat) => (
              <option key={seat} value={seat}>
                {seat} {seat === 1 ? "seat" : "seats"}
              </option>
            ))}
          </select>
        )}
      </Field>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-ink-900">Names on the tickets</legend>
        {seatChoices
          .filter((seat) => !hydrated || seat <= seats)
          .map((seat) => (
            <Field
              key={seat}
              name={ticketNameField(seat)}
              label={`Name on ticket ${seat}`}
              errors={errors}
              required={hydrated && seat > 1}
              hint={seat === 1 ? "Leave empty to use your own name" : hydrated ? undefined : `Only when booking ${seat} or more seats`}
            >
              {(props) => <input {...props} name={ticketNameField(seat)} type="text" autoComplete="off" defaultValue={values[ticketNameField(seat)]} className={inputClasses} />}
            </Field>
          ))}
      </fieldset>

      <fieldset aria-describedby={errors.preferredContact?.length ? "booking-preferredContact-error" : undefined}>
        <legend className="text-sm font-semibold text-ink-900">How should we contact you?</legend>
        <div id={fieldId("preferredContact")} className="mt-2 flex flex-wrap gap-2">
          {preferredContactOptions.map((option) => (
            <label
              key={option.value}
              className="flex cursor-pointer items-center gap-2 rounded-full border border-ink-200 px-4 py-2 text-sm font-medium text-ink-900 has-checked:border-ink-900 has-checked:bg-ink-900 has-checked:text-white has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-sun-500"
            >
              <input type="radio" name="preferredContact" value={option.value} defaultChecked={preferred === option.value} className="size-4 accent-sun-500" />
              {option.label}
            </label>
          ))}
        </div>
        {errors.preferredContact?.length ? (
          <p id="booking-preferredContact-error" className="mt-1.5 text-sm font-semibold text-red-700">
            {errors.preferredContact[0]}
          </p>
        ) : null}
      </fieldset>

      <div className="border-t border-ink-100 pt-5">
        <p className="flex items-baseline justify-between text-ink-800">
          <span>Seminar fee{seats > 1 ? ` (${seats} seats)` : ""}</span>
          <span className="font-display text-2xl font-semibold text-ink-950">{formatRand(amountCents * seats)}</span>
        </p>
        <button type="submit" disabled={submitting} className={buttonClasses("primary", "lg", clsx("mt-4 w-full cursor-pointer"))}>
          {submitting ? (seats > 1 ? "Reserving your seats..." : "Reserving your seat...") : seats > 1 ? "Reserve My Seats" : "Reserve My Seat"}
        </button>
        <p className="mt-3 text-center text-sm text-ink-700">{bookingPageCopy.formIntro}</p>
      </div>
    </Form>
  );
}
