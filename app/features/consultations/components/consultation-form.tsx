import { Clock, LoaderCircle, Lock } from "lucide-react";
import type { FormEventHandler, ReactNode } from "react";
import { buttonClasses } from "~/components/ui/button.ts";
import { ErrorSummary } from "~/components/ui/error-summary.tsx";
import { consultation } from "~/content/site.ts";
import { HONEYPOT_FIELD } from "~/features/abuse/honeypot.ts";
import { ChoiceGroup, ContactFields, RequiredMark, TextField } from "~/features/contacts/components/contact-fields.tsx";
import type { FieldErrors } from "~/lib/errors.ts";
import { preferredTimeOptions } from "../rules.ts";

export type FormSummary = { title: string; message?: string; errors: ReadonlyArray<{ field: string; message: string }> };

type Props = {
  submitLabel: string;
  /** What the form is refilled with after an error. */
  values: Readonly<Record<string, string>>;
  fieldErrors: FieldErrors;
  summary?: FormSummary;
  /** Changes on every submit attempt, so the summary takes focus again. */
  focusToken: unknown;
  pending: boolean;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  onChange?: FormEventHandler<HTMLFormElement>;
  /** Step one when booking a real time (issue 17): the time picker, instead of the preferred-time choice. */
  timePicker?: ReactNode;
  /** What the visitor is told beside the button; the request form's promise by default. */
  promise?: string;
  /** The line under the button. */
  reassurance?: string;
};

const timeOptions = preferredTimeOptions.map((option) => ({ value: option.value, label: option.label, detail: option.window }));

/**
 * The paid and free booking form (docs/product.md §6.4). A plain POST form: it works without
 * JavaScript, and the page enhances it through onSubmit when JavaScript runs.
 */
export function ConsultationForm({ submitLabel, values, fieldErrors, summary, focusToken, pending, onSubmit, onChange, timePicker, promise = consultation.responsePromise, reassurance = "We use your details only to arrange your booking. Nothing is charged now." }: Props) {
  return (
    <form method="post" noValidate onSubmit={onSubmit} onChange={onChange} aria-labelledby="booking-form-title" className="space-y-8">
      <h2 id="booking-form-title" className="sr-only">
        Booking form
      </h2>
      {summary ? <ErrorSummary title={summary.title} message={summary.message} errors={summary.errors} focusToken={focusToken} /> : null}

      {timePicker}

      <section aria-labelledby="booking-details-title" className={timePicker ? "border-t border-ink-100 pt-8" : undefined}>
        <h3 id="booking-details-title" className="text-xl font-semibold text-ink-950">
          Your details
        </h3>
        <p className="mt-1 text-sm text-ink-600">
          Fields marked <RequiredMark /> <span className="sr-only">with an asterisk</span> are required.
        </p>
        <div className="mt-5">
          <ContactFields values={values} fieldErrors={fieldErrors} />
        </div>
      </section>

      <section aria-labelledby="booking-time-title" className="space-y-5 border-t border-ink-100 pt-8">
        <h3 id="booking-time-title" className="text-xl font-semibold text-ink-950">
          {timePicker ? "About your move" : "When suits you"}
        </h3>
        {timePicker ? null : (
          <ChoiceGroup
            name="preferredTime"
            legend="Preferred time (UK time)"
            hint="Monday to Friday. We agree the exact time with you."
            required
            options={timeOptions}
            defaultValue={values.preferredTime}
            fallbackValue="morning"
            errors={fieldErrors.preferredTime}
          />
        )}
        <TextField
          name="notes"
          label="Tell us about your move"
          hint="Your plans, timeline, family and any questions, so your adviser can prepare."
          rows={4}
          maxLength={2000}
          defaultValue={values.notes}
          errors={fieldErrors.notes}
        />
      </section>

      {/* Bots fill every field; people never see this one. */}
      <div aria-hidden="true" className="absolute top-auto -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={HONEYPOT_FIELD}>Leave this empty</label>
        <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <div className="flex flex-col gap-4 border-t border-ink-100 pt-8 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 font-medium text-veld-700">
          <Clock aria-hidden="true" className="size-5 shrink-0" />
          {promise}
        </p>
        <button type="submit" disabled={pending} className={buttonClasses("primary", "lg", "w-full sm:w-auto")}>
          {pending ? <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> : null}
          {pending ? (timePicker ? "Booking your time…" : "Sending your request…") : submitLabel}
        </button>
      </div>
      <p className="flex items-start gap-2 text-sm text-ink-600">
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {reassurance}
      </p>
    </form>
  );
}
